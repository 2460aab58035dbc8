import { LinkifyIt } from 'linkify-it';
import { errors } from '@/lib/core/errors';

// What readers write (a comment, a visitor's name): plain text, never markup. On the way in it is cleaned of what
// only spoofs or breaks a page: C0/C1 control characters but the line break and the tab, and the explicit bidi
// embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), which can reverse the text around them (a
// name or a link's visible address). On the way out it becomes paragraphs of text and links (`commentParagraphs`):
// the page renders them as React text and <a> elements, so nothing written is ever parsed as HTML. Only http(s)
// addresses become links (linkify-it finds them, `javascript:` or `data:` never do).

/** The longest comment: a long, careful reply fits; a wall of pasted text does not. */
export const COMMENT_MAX_CHARS = 12_000;
export const NAME_MAX_CHARS = 60;

const UNWANTED = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\uFEFF]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const clean = (value: string) =>
  value.normalize('NFC').replace(/\r\n?/g, '\n').replace(UNWANTED, '').replace(LONE_SURROGATE, '\uFFFD');

/** A comment's text as stored: cleaned, trimmed, at most two line breaks in a row. 400 (WDE0046) when empty or long. */
export function commentText(value: unknown): string {
  if (typeof value !== 'string') throw errors.badValue('a comment needs some text');
  const text = clean(value)
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (!text) throw errors.badValue('a comment needs some text');
  if ([...text].length > COMMENT_MAX_CHARS) {
    throw errors.badValue(`a comment is at most ${COMMENT_MAX_CHARS.toLocaleString('en')} characters`);
  }
  return text;
}

/** Whether two comments' texts are the same once their whitespace is trimmed and collapsed ("a  b\n" is "a b"). */
export const sameText = (a: string, b: string) => a.replace(/\s+/g, ' ').trim() === b.replace(/\s+/g, ' ').trim();

/** A visitor's name as shown: cleaned, on one line, 1–60 characters. 400 (WDE0046) otherwise. */
export function displayName(value: unknown): string {
  const name = typeof value === 'string' ? clean(value).replace(/\s+/g, ' ').trim() : '';
  if (!name) throw errors.badValue('a name is needed to comment without an account');
  if ([...name].length > NAME_MAX_CHARS) throw errors.badValue(`a name is at most ${NAME_MAX_CHARS} characters`);
  return name;
}

/** A name as shown (a member's, from the members' service): cleaned as a visitor's is, never refused. */
export const plainName = (value: string) => clean(value).replace(/\s+/g, ' ').trim() || 'Reader';

export type CommentSegment = { text: string } | { text: string; href: string };

// Addresses written with their scheme only (no "example.com" guessed into a link), never mail or ftp.
const linkify = new LinkifyIt({ fuzzyLink: false, fuzzyEmail: false, maxLength: 2000 })
  .add('mailto:', null)
  .add('ftp:', null)
  .add('//', null);

const isWebAddress = (href: string) => {
  try {
    const url = new URL(href);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
};

/** One line of text as text and links: an http(s) address becomes a link, its text as written. */
function segments(line: string): CommentSegment[] {
  const out: CommentSegment[] = [];
  let at = 0;
  for (const match of linkify.match(line) ?? []) {
    if (!isWebAddress(match.url)) continue;
    if (match.index > at) out.push({ text: line.slice(at, match.index) });
    out.push({ text: match.text, href: match.url });
    at = match.lastIndex;
  }
  if (at < line.length) out.push({ text: line.slice(at) });
  return out;
}

/** A stored comment as paragraphs (split at blank lines) of lines of segments, for the page to render. */
export const commentParagraphs = (text: string): CommentSegment[][][] =>
  text.split(/\n{2,}/).map((paragraph) => paragraph.split('\n').map(segments));
