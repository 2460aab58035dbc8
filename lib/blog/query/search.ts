import type { Post } from '../schemas';

const fold = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase('en');

/** Every word must appear in the title, excerpt, text or hashtags; title hits rank first, then newer posts. */
export function searchPosts(posts: Post[], text: string, limit: number): Post[] {
  const words = fold(text).split(/\s+/).filter(Boolean).slice(0, 12);
  if (words.length === 0) return [];
  const scored: { post: Post; score: number }[] = [];
  for (const post of posts) {
    const title = fold(post.title);
    const body = fold(`${post.excerpt} ${post.contentText ?? ''} ${post.hashtags.join(' ')}`);
    if (!words.every((w) => title.includes(w) || body.includes(w))) continue;
    scored.push({ post, score: words.filter((w) => title.includes(w)).length });
  }
  scored.sort((a, b) => b.score - a.score || (b.post.firstPublishedDate ?? '').localeCompare(a.post.firstPublishedDate ?? ''));
  return scored.slice(0, limit).map((s) => s.post);
}
