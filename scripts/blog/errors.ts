/** Bad input: the command changes nothing and exits with status 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

// A mistake in a Markdown source: the site's Markdown reader's (lib/core/ricos), which the CLI reports with its line.
export { MarkdownError } from '@/lib/core/ricos/markdown-error';
