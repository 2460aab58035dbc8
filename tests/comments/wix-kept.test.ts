import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, it, vi } from 'vitest';
import { withSite } from '../helpers/site';
import { CLIENT_ID, SITE } from '../helpers/wix-members';
import { commentAs, signIn, standInSiteEnv, withWixStandIn } from '../helpers/wix-stand-in';

// A reply from the fediverse on a blog whose comments are at Wix (lib/comments/with-kept.ts), against the Wix stand-in
// (scripts/wix/stand-in-comments.ts, Wix's Comments API). Wix's comments take no remote writer, so the site keeps the
// reply; the owner finds it in the one queue with Wix's comments and approves it there; readers find it in the thread
// with Wix's comments, in its place by date across pages; a member's reply to it is kept with it; the count has it.
// Before, it waited in the site's records where no page showed it and the owner could not approve it.

const SECRET = 'comments-wix-kept-secret-long-enough-0123456789';
const site = standInSiteEnv(SECRET);
withSite(site.env);

const ada = { id: 'member-ada', email: 'ada@example.com', password: 'ada-password-0123', profile: { nickname: 'Ada' } };
await withWixStandIn({ members: [ada], clientId: CLIENT_ID, apiKey: site.apiKey });

const post = readdirSync('content/posts')
  .map((name) => JSON.parse(readFileSync(path.join('content/posts', name), 'utf8')))
  .find(
    (p) => p.status === 'PUBLISHED' && p.commentingEnabled !== false && Date.parse(p.firstPublishedDate) < Date.now(),
  );

const { commentCount, commentModeration, commentsAtWix, fediverseComments, siteComments } =
  await import('@/lib/comments');

vi.setConfig({ testTimeout: 120_000 });

const comment = (session: string, body: Record<string, string>) => commentAs(SITE, post.id, session, body);

/** Every thread of the post, page by page (`limit` a page), as the post's comments section reads them. */
async function allPages(limit: number) {
  const pages: string[][] = [];
  let cursor: string | null = null;
  do {
    const page = await siteComments().list(post.id, { limit, cursor });
    pages.push(page.threads.map((t) => t.comment.text));
    cursor = page.cursor;
  } while (cursor && pages.length < 10);
  return pages;
}

const later = () => new Promise((resolve) => setTimeout(resolve, 20));

it('is in the owner’s one queue with Wix’s comments, then in the thread in its place by date, and counted', async () => {
  expect(commentsAtWix()).toBe(true);
  const session = await signIn(SITE, ada, `/post/${post.slug}`);
  const older = await comment(session, { text: 'Older, at Wix.' });
  await later();
  const reply = await fediverseComments().receive(
    {
      remoteId: 'https://mastodon.example/users/zoe/statuses/1',
      actorId: 'https://mastodon.example/users/zoe',
      postId: post.id,
      inReplyTo: null,
      name: 'Zoe',
      handle: '@zoe@mastodon.example',
      text: 'From the fediverse.',
    },
    'PENDING',
  );
  await later();
  await comment(session, { text: 'Newer, at Wix.' });

  // The owner's queue of comments waiting: the reply is there; approved there, it is published.
  const waiting = await commentModeration().queue('PENDING', { limit: 20 });
  expect(waiting.comments.map((c) => c.id)).toContain(reply!.id);
  const counted = await commentCount(post.id);
  expect((await commentModeration().approve(reply!.id))?.status).toBe('PUBLISHED');
  expect(await commentCount(post.id)).toBe(counted + 1);
  expect((await commentModeration().queue('PENDING', { limit: 20 })).comments.map((c) => c.id)).not.toContain(
    reply!.id,
  );

  // One a page: each thread once, newest first, the kept one between Wix's two.
  expect((await allPages(1)).flat()).toEqual(['Newer, at Wix.', 'From the fediverse.', 'Older, at Wix.']);
  expect((await allPages(20)).flat()).toEqual(['Newer, at Wix.', 'From the fediverse.', 'Older, at Wix.']);

  // A member answers the fediverse's reply: kept with it (Wix has no such parent), shown in its thread.
  const answer = await comment(session, { text: 'Welcome, Zoe.', parentId: reply!.id });
  const thread = (await siteComments().list(post.id, { limit: 20 })).threads.find((t) => t.comment.id === reply!.id);
  expect(thread?.replies.map((r) => r.text)).toEqual(['Welcome, Zoe.']);
  expect((await commentModeration().get(answer.id))?.text).toBe('Welcome, Zoe.');

  // Discarded by the owner, it leaves the thread; Wix's comments stay.
  await commentModeration().discard(reply!.id);
  expect((await allPages(20)).flat()).toEqual(['Newer, at Wix.', 'Older, at Wix.']);
  expect(older.text).toBe('Older, at Wix.');
});
