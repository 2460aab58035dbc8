import type { Post } from '../types';

const fold = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase('en');

/**
 * What a search matches in a post besides its title (folded): excerpt, text and hashtags, each word once. A search
 * word holds no space, so it is found in the text exactly when it is found in one of its words: the same answers
 * from a fraction of the memory (a source may keep this for every post).
 */
export const searchBody = (post: Post): string =>
  [...new Set(fold(`${post.excerpt} ${post.contentText ?? ''} ${post.hashtags.join(' ')}`).split(/\s+/))].join(' ');

const foldedTitles = new WeakMap<Post, string>();
const foldedBodies = new WeakMap<Post, string>();

// Posts in a snapshot are never mutated, so their folded text is computed once per post.
function cached(map: WeakMap<Post, string>, post: Post, make: (post: Post) => string): string {
  let text = map.get(post);
  if (text === undefined) map.set(post, (text = make(post)));
  return text;
}

/**
 * Every word must appear in the title, excerpt, text or hashtags; title hits rank first, then newer posts.
 * `bodyOf` gives a post's folded body when the source keeps it apart from the post (default: from the post).
 */
export function searchPosts(
  posts: Post[],
  text: string,
  limit: number,
  bodyOf: (post: Post) => string = (post) => cached(foldedBodies, post, searchBody),
): Post[] {
  const words = fold(text).split(/\s+/).filter(Boolean).slice(0, 12);
  if (words.length === 0) return [];
  const scored: { post: Post; score: number }[] = [];
  for (const post of posts) {
    const title = cached(foldedTitles, post, (p) => fold(p.title));
    const body = bodyOf(post);
    if (!words.every((w) => title.includes(w) || body.includes(w))) continue;
    scored.push({ post, score: words.filter((w) => title.includes(w)).length });
  }
  scored.sort(
    (a, b) => b.score - a.score || (b.post.firstPublishedDate ?? '').localeCompare(a.post.firstPublishedDate ?? ''),
  );
  return scored.slice(0, limit).map((s) => s.post);
}

/** A piece of a search snippet: text as the post has it, `mark` where it is a matched word. */
export interface SnippetPart {
  text: string;
  mark?: true;
}

/** How much of the text a snippet shows before its first match, and in all (UTF-16 units, cut at spaces). */
const SNIPPET_BEFORE = 70;
const SNIPPET_LENGTH = 220;

const wordChar = /[\p{L}\p{N}]/u;
const foldedChars = new Map<string, string>();

/**
 * `text` folded as search folds it, with where each folded unit came from in `text` (one more: its end). ASCII text
 * folds unit for unit.
 */
function foldWithOrigins(text: string): { folded: string; origin: (at: number) => number } {
  if (/^[\x00-\x7f]*$/.test(text)) return { folded: text.toLowerCase(), origin: (at) => at };
  const pieces: string[] = [];
  const origin: number[] = [];
  for (let i = 0; i < text.length;) {
    const code = text.codePointAt(i)!;
    const char = String.fromCodePoint(code);
    let folded: string;
    if (code < 0x80) folded = char.toLowerCase();
    else {
      folded = foldedChars.get(char) ?? fold(char);
      if (foldedChars.size < 4096) foldedChars.set(char, folded);
    }
    pieces.push(folded);
    for (let k = 0; k < folded.length; k++) origin.push(i);
    i += char.length;
  }
  origin.push(text.length);
  return { folded: pieces.join(''), origin: (at) => origin[at]! };
}

/**
 * The part of `text` around the first place a word of `query` is found (as search finds it: accents and case aside),
 * with every matched word in it marked; null when no word is in the text. Plain text in, plain text out: the page
 * makes the marks elements, so nothing in the text or the query is ever markup.
 */
export function searchSnippet(text: string, query: string): SnippetPart[] | null {
  const words = [...new Set(fold(query).split(/\s+/).filter(Boolean).slice(0, 12))];
  if (words.length === 0 || !text) return null;
  const { folded, origin } = foldWithOrigins(text);
  let first = -1;
  let firstEnd = -1;
  for (const word of words) {
    const at = folded.indexOf(word);
    if (at !== -1 && (first === -1 || at < first)) [first, firstEnd] = [at, at + word.length];
  }
  if (first === -1) return null;

  // The window: from the first space some way before the match to the last space within the length after it.
  let start = Math.max(0, first - SNIPPET_BEFORE);
  if (start > 0) {
    const space = folded.slice(start, first).search(/\s/);
    if (space !== -1) start += space + 1;
  }
  let end = Math.min(folded.length, Math.max(start + SNIPPET_LENGTH, firstEnd));
  if (end < folded.length) {
    const space = /\s\S*$/.exec(folded.slice(firstEnd, end));
    if (space) end = firstEnd + space.index;
  }

  // Every match in the window, widened to the whole word it is in, overlapping ones joined.
  const ranges: [number, number][] = [];
  for (const word of words) {
    for (
      let at = folded.indexOf(word, start);
      at !== -1 && at + word.length <= end;
      at = folded.indexOf(word, at + 1)
    ) {
      let from = at;
      let to = at + word.length;
      while (from > start && wordChar.test(folded[from - 1]!)) from--;
      while (to < end && wordChar.test(folded[to]!)) to++;
      ranges.push([from, to]);
    }
  }
  ranges.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: [number, number][] = [];
  for (const range of ranges) {
    const last = merged.at(-1);
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([...range]);
  }

  const parts: SnippetPart[] = [];
  const add = (from: number, to: number, mark: boolean) => {
    const piece = text.slice(origin(from), origin(to)).replace(/\s+/g, ' ');
    if (piece) parts.push(mark ? { text: piece, mark: true } : { text: piece });
  };
  let at = start;
  for (const [from, to] of merged) {
    add(at, from, false);
    add(from, to, true);
    at = to;
  }
  add(at, end, false);
  const head = parts[0]!;
  const tail = parts.at(-1)!;
  if (!head.mark) head.text = head.text.trimStart();
  if (!tail.mark) tail.text = tail.text.trimEnd();
  if (start > 0) parts.unshift({ text: '…' });
  if (end < folded.length) parts.push({ text: '…' });
  return parts.filter((part) => part.text);
}

/** A post search found, as a results page shows it: without its text, with the snippet of where it matched. */
export interface SearchHit {
  post: Post;
  /** Around the first match in its text, else in its excerpt; null when only its title or hashtags matched. */
  snippet: SnippetPart[] | null;
}

export function searchHit(post: Post, query: string): SearchHit {
  const { contentText, ...rest } = post;
  return { post: rest, snippet: searchSnippet(contentText ?? '', query) ?? searchSnippet(post.excerpt, query) };
}
