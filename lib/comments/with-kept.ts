import type { CommentModeration, CommentPage, CommentThread, PostComment, PostComments } from './types';

// Comments at Wix, with the comments the site keeps beside them: the replies from the fediverse (Wix's Comments API
// takes no remote writer: `fediverseComments`), and the members' replies to those. One thread list and one owner's
// queue, newest first, as if from one store:
//
// - Wix's pages lead. Each page also shows the kept threads dated from its own oldest thread up to the page before it
//   (on Wix's last page, all that remain), so each kept thread shows once, in its place by date. The cursor carries
//   Wix's and that date.
// - A comment the site keeps (its records have it) is read, edited, moderated and deleted there; any other at Wix. A
//   reply to a kept thread is kept with it (Wix has no such parent).
// - At most `KEPT_PER_READ` kept threads (or waiting comments) are read per page: what one post gets from the
//   fediverse, not a second archive.

export const KEPT_PER_READ = 200;

type Provider = PostComments & CommentModeration;

interface Cursor {
  /** Wix's cursor for its next page. */
  w: string;
  /** The oldest date shown so far: the kept ones before it come next. */
  before: string;
}

const encode = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

function decode(cursor: string | null | undefined): Cursor | null {
  if (!cursor) return null;
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as Cursor;
    if (typeof value.w === 'string' && typeof value.before === 'string') return value;
  } catch {
    // Not one of ours: read as Wix's own (a cursor given before kept comments were merged).
  }
  return { w: cursor, before: '' };
}

/** A date's time, for comparing Wix's dates and the records' (both ISO, not always with milliseconds). */
const timeOf = (date: string) => Date.parse(date) || 0;

/**
 * The page at `cursor` (ours): Wix's page, with the kept items between the page before it (exclusive; none on the
 * first page) and this page's oldest (inclusive; none on Wix's last page), newest first, and the next cursor. Both
 * read at once.
 */
async function merged<T>(
  cursor: string | null | undefined,
  wixPage: (cursor: string | null) => Promise<{ items: T[]; cursor: string | null }>,
  keptItems: () => Promise<T[]>,
  dateOf: (item: T) => string,
): Promise<{ items: T[]; cursor: string | null }> {
  const at = decode(cursor);
  const before = at?.before ?? '';
  const [page, all] = await Promise.all([wixPage(at?.w ?? null), keptItems()]);
  const oldest = page.cursor && page.items.length ? dateOf(page.items.at(-1)!) : '';
  const kept = all.filter((item) => {
    const time = timeOf(dateOf(item));
    return (!before || time < timeOf(before)) && (!oldest || time >= timeOf(oldest));
  });
  const items = [...page.items, ...kept]
    .map((item) => ({ item, time: timeOf(dateOf(item)) }))
    .sort((a, b) => b.time - a.time)
    .map(({ item }) => item);
  return { items, cursor: page.cursor ? encode({ w: page.cursor, before: oldest }) : null };
}

export function withKeptComments(wix: Provider, kept: Provider): Provider {
  /** The store that has comment `id`: the site's records, when they do. */
  const home = async (id: string) => ((await kept.get(id)) ? kept : wix);
  return {
    name: 'wix',
    async list(postId, { limit, cursor }) {
      const page = await merged<CommentThread>(
        cursor,
        async (w) => {
          const answer = await wix.list(postId, { limit, cursor: w });
          return { items: answer.threads, cursor: answer.cursor };
        },
        async () => (await kept.list(postId, { limit: KEPT_PER_READ })).threads,
        (thread) => thread.comment.createdDate,
      );
      return { threads: page.items, cursor: page.cursor } satisfies CommentPage;
    },
    async queue(status, { limit, cursor }) {
      const page = await merged<PostComment>(
        cursor,
        async (w) => {
          const answer = await wix.queue(status, { limit, cursor: w });
          return { items: answer.comments, cursor: answer.cursor };
        },
        async () => (await kept.queue(status, { limit: KEPT_PER_READ })).comments,
        (comment) => comment.createdDate,
      );
      return { comments: page.items, cursor: page.cursor };
    },
    async mine(postId, writer) {
      const [there, here] = await Promise.all([wix.mine(postId, writer), kept.mine(postId, writer)]);
      return [...there, ...here];
    },
    async latest(postId, writer) {
      const [there, here] = await Promise.all([wix.latest(postId, writer), kept.latest(postId, writer)]);
      if (!there || !here) return there ?? here;
      return timeOf(here.createdDate) > timeOf(there.createdDate) ? here : there;
    },
    create: async (comment, writer, status) =>
      (comment.parentId && (await kept.get(comment.parentId)) ? kept : wix).create(comment, writer, status),
    edit: async (id, ...rest) => (await home(id)).edit(id, ...rest),
    remove: async (id, writer) => (await home(id)).remove(id, writer),
    get: async (id) => (await kept.get(id)) ?? wix.get(id),
    approve: async (id) => (await home(id)).approve(id),
    hide: async (id) => (await home(id)).hide(id),
    discard: async (id) => (await home(id)).discard(id),
  };
}
