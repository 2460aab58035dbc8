import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it, vi } from 'vitest';
import { readOutbox } from '@/lib/core/mail/outbox';
import { withSite } from '../helpers/site';
import { CLIENT_ID, SITE } from '../helpers/wix-members';
import { commentAs, signIn, standInSiteEnv, withWixStandIn } from '../helpers/wix-stand-in';

// Comments on a Wix site, end to end against the Wix stand-in (scripts/wix/stand-in-comments.ts: Wix's Comments API,
// a blog post's comments filed under its referenceId). Two members sign in at Wix's hosted login page; Ada comments
// on a post through the site's route and asks to be told of replies; Bea replies; the site's reply notice (a job on the
// site's queue) mails Ada, naming the post. Before f80d843 no mail came: the reply's event names the post's reference
// id, the watch was kept and counted under another.

const SECRET = 'comments-wix-stand-in-secret-long-enough-0123456789';
const site = standInSiteEnv(SECRET);
const { outbox } = withSite(site.env);

const ada = { id: 'member-ada', email: 'ada@example.com', password: 'ada-password-0123', profile: { nickname: 'Ada' } };
const bea = { id: 'member-bea', email: 'bea@example.com', password: 'bea-password-0123', profile: { nickname: 'Bea' } };
await withWixStandIn({ members: [ada, bea], clientId: CLIENT_ID, apiKey: site.apiKey });

/** A published post of the demo's, as the stand-in's Blog answers it. */
const post = readdirSync('content/posts')
  .map((name) => JSON.parse(readFileSync(path.join('content/posts', name), 'utf8')))
  .find(
    (p) => p.status === 'PUBLISHED' && p.commentingEnabled !== false && Date.parse(p.firstPublishedDate) < Date.now(),
  );

const { startCommentMail } = await import('@/lib/comments');
const { siteJobs } = await import('@/lib/data');

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });
afterAll(async () => {
  await (await siteJobs()).stop({ graceful: false, wait: true });
}, 30_000);

const comment = (session: string, body: Record<string, string>) => commentAs(SITE, post.id, session, body);

it('a reply to a thread its first writer watches is mailed to them, the comments filed at Wix under the post', async () => {
  await startCommentMail();
  const adaSession = await signIn(SITE, ada, `/post/${post.slug}`);
  const beaSession = await signIn(SITE, bea, `/post/${post.slug}`);

  const first = await comment(adaSession, { text: 'How does the cache know?', notify: 'on' });
  expect(first).toMatchObject({ postId: post.id, status: 'PUBLISHED' });
  const reply = await comment(beaSession, { text: 'By its tags.', parentId: first.id });
  expect(reply).toMatchObject({ postId: post.id, status: 'PUBLISHED' });

  await vi.waitFor(async () => expect(await readOutbox(outbox)).toHaveLength(1), { timeout: 60_000, interval: 200 });
  const [mail] = await readOutbox(outbox);
  expect(mail!.headers.to).toBe(ada.email);
  expect(mail!.text).toContain(post.title);
  expect(mail!.text).toContain('By its tags.');
});
