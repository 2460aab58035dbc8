// A post's excerpt when its writer gave none: the start of its text. The blog CLI makes it so (`create` without
// `--excerpt`), and so does Wix ("By default, it is extracted from the content text's first characters": @wix/blog's
// Post `excerpt`), with nothing in the post saying which of the two an excerpt is. Hence `runsPast`: an excerpt that is
// the start of the post's text is a made one, whoever saved it.

/** A made excerpt is at most this long (its "…" included). */
export const EXCERPT_LENGTH = 160;

/** The excerpt made from `text`: its first words, flattened, cut at a space before EXCERPT_LENGTH and ended "…". */
export function excerptOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= EXCERPT_LENGTH) return flat;
  const space = flat.lastIndexOf(' ', EXCERPT_LENGTH - 1);
  return `${flat.slice(0, space > 0 ? space : EXCERPT_LENGTH - 1).replace(/[\s,.;:]+$/, '')}…`;
}

/** Text compared whatever separates its blocks and words (a space, a line, nothing: each maker joins its own way). */
const squash = (text: string) => text.replace(/\s+/g, '');
/** What a maker ends a cut excerpt with: an ellipsis, and the punctuation before it. */
const uncut = (excerpt: string) => excerpt.replace(/(…|\.{3})\s*$/, '').replace(/[\s,.;:]+$/, '');

/**
 * Whether `excerpt` is made from the post's words and holds some beyond `preview` (the post's public start): it is the
 * start of one of `texts` (the post's whole text, as the rich content's blocks or as the platform's `contentText`
 * gives it) and not of the preview. An excerpt the owner wrote is not the start of the text, and one made within the
 * preview is the preview's start: both stand.
 */
export function runsPast(excerpt: string, texts: readonly (string | null | undefined)[], preview: string): boolean {
  const start = squash(uncut(excerpt));
  if (start === '' || squash(preview).startsWith(start)) return false;
  return texts.some((text) => text != null && squash(text).startsWith(start));
}
