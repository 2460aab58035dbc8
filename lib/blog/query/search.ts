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
