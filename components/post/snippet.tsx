import type { SnippetPart } from '@/lib/blog/reads';

/**
 * A search result's snippet (lib/blog/query/search.ts `searchSnippet`): the post's text as text, each matched word in
 * a `<mark>`. Only elements are made here: nothing of the text or the query is ever read as markup.
 */
export function Snippet({ parts }: { parts: readonly SnippetPart[] }) {
  return <>{parts.map((part, i) => (part.mark ? <mark key={i}>{part.text}</mark> : part.text))}</>;
}
