/** A mistake in a Markdown source, at a line of its file (markdown.ts and markdown-inline.ts throw it). */
export class MarkdownError extends Error {
  override name = 'MarkdownError';
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
  }
}
