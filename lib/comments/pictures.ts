import { recordsClient } from '@/lib/data';
import { OWNER } from '@/lib/data/types';
import { members } from '@/lib/members';
import { servedBy } from '@/lib/platform';
import type { CommentPage, PostComment } from './types';

// The pictures the site's own members chose, on their comments (issue 47: components/comments shows them, or the
// writer's initials).

/** The most members asked for in one query of their pictures. */
const PICTURES_PER_QUERY = 100;

/**
 * A page of the site's own comments with the pictures their writers chose (the members' records, read as the thread
 * is: a new picture shows when the thread is read again). Only where members are the site's own: Wix's comments carry
 * their writers' pictures from the Members API already.
 */
export async function withPictures(page: CommentPage): Promise<CommentPage> {
  if (servedBy('members') !== 'local') return page;
  const comments = page.threads.flatMap((t) => [t.comment, ...t.replies]);
  const ids = [...new Set(comments.flatMap((c) => (c.author.memberId ? [c.author.memberId] : [])))];
  if (!ids.length) return page;
  const client = recordsClient(members);
  const pictures = new Map<string, string>();
  for (let i = 0; i < ids.length; i += PICTURES_PER_QUERY) {
    const chunk = ids.slice(i, i + PICTURES_PER_QUERY);
    const found = await client.query(members.id, { filter: { _id: { $in: chunk } }, limit: chunk.length }, OWNER);
    for (const item of found.items)
      if (typeof item.avatar === 'string' && item.avatar) pictures.set(item._id, item.avatar);
  }
  const pictured = (c: PostComment): PostComment => {
    const avatar = c.author.memberId ? pictures.get(c.author.memberId) : undefined;
    return avatar ? { ...c, author: { ...c.author, avatar } } : c;
  };
  return {
    ...page,
    threads: page.threads.map((t) => ({ comment: pictured(t.comment), replies: t.replies.map(pictured) })),
  };
}
