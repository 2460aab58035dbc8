import type { Post } from '../schemas';

const fold = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase('en');

const folded = new WeakMap<Post, { title: string; body: string }>();

// Posts in a snapshot are never mutated, so their folded text is computed once per post.
function foldedText(post: Post) {
  let text = folded.get(post);
  if (!text) {
    text = { title: fold(post.title), body: fold(`${post.excerpt} ${post.contentText ?? ''} ${post.hashtags.join(' ')}`) };
    folded.set(post, text);
  }
  return text;
}

/** Every word must appear in the title, excerpt, text or hashtags; title hits rank first, then newer posts. */
export function searchPosts(posts: Post[], text: string, limit: number): Post[] {
  const words = fold(text).split(/\s+/).filter(Boolean).slice(0, 12);
  if (words.length === 0) return [];
  const scored: { post: Post; score: number }[] = [];
  for (const post of posts) {
    const { title, body } = foldedText(post);
    if (!words.every((w) => title.includes(w) || body.includes(w))) continue;
    scored.push({ post, score: words.filter((w) => title.includes(w)).length });
  }
  scored.sort((a, b) => b.score - a.score || (b.post.firstPublishedDate ?? '').localeCompare(a.post.firstPublishedDate ?? ''));
  return scored.slice(0, limit).map((s) => s.post);
}
