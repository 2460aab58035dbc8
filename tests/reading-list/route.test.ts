import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { type Jar, memberForms } from '../helpers/member-forms';
import { makePost, writeContentDir } from '../helpers/posts';

// The reading list's form route (app/api/members/reading-list) as a browser without JavaScript uses it: "Save for
// later" under a post and "Remove" on the account page, each a 303 with a notice; what a visitor, another site, another
// member or a bad id gets; and the account page's view of the list (lib/reading-list/view.ts), titles read from the
// blog.

const dataDir = mkdtempSync(path.join(tmpdir(), 'reading-list-'));
const contentDir = writeContentDir([
  makePost(1, { title: 'Tom & "Jerry"' }),
  makePost(2),
  makePost(3, { status: 'UNPUBLISHED' }),
]);
process.env.DATA_DIR = dataDir;
process.env.MAIL_OUTBOX = path.join(dataDir, 'mail');
process.env.BLOG_SOURCE = 'local';
process.env.BLOG_CONTENT_DIR = contentDir;
process.env.SESSION_SECRET = 'reading-list-test-secret-long-enough-0123456789';
process.env.SITE_URL = 'https://blog.example';
process.env.TRUST_PROXY_HOPS = '1';
process.env.MEMBERS_EMAIL_VERIFICATION = 'false';
process.env.MEMBERS_OWNER_APPROVAL = 'false';

const { POST: join } = await import('@/app/api/members/join/route');
const readingListRoute = await import('@/app/api/members/reading-list/route');
const { dataClient } = await import('@/lib/data');
const { siteReadingList } = await import('@/lib/reading-list');
const { readingList } = await import('@/lib/data/collections');
const { OWNER } = await import('@/lib/data/permissions');
const { readingListItemId } = await import('@/lib/reading-list');
const { siteMembers } = await import('@/lib/members');
const { readingListView } = await import('@/lib/reading-list/view');

afterAll(async () => {
  await dataClient().close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(contentDir, { recursive: true, force: true });
});

const site = 'https://blog.example';
const PASSWORD = 'correct horse battery';
const secrets = new Set<string>([PASSWORD]);
const { post, land, nextClient } = memberForms(site, secrets);
/** `land` keeps every cookie value as a secret; the member hint's `1` is none (and a post's path may hold a 1). */
const landed = async (response: Response, jar?: Jar) => {
  const answer = await land(response, jar);
  secrets.delete('1');
  return answer;
};
const send = (fields: Record<string, string>, jar?: Jar, headers?: Record<string, string>) =>
  readingListRoute.POST(post('reading-list', fields, jar, headers));

beforeEach(async () => {
  siteMembers(); // declares the members collection on the site's data client
  await dataClient().truncate('members', OWNER);
  await dataClient().truncate(readingList.id, OWNER);
  nextClient();
});

/** A signed-in member's jar and id. */
async function member(email: string) {
  const jar: Jar = new Map();
  expect(
    (await landed(await join(post('join', { email, password: PASSWORD, displayName: 'Ada' })), jar)).location,
  ).toBe('/account');
  const who = await siteMembers().memberOf(jar.get('member_session')!);
  return { jar, id: who!.id };
}

const saved = async (memberId: string) => (await siteReadingList().list(memberId)).map((e) => e.postId);

describe('save for later', () => {
  it('saves the post and goes back to it at the saved notice; saving again keeps one item', async () => {
    const ann = await member('ann@example.com');
    for (let i = 0; i < 2; i++) {
      const answer = await landed(await send({ intent: 'save', postId: 'post-0001' }, ann.jar));
      expect(answer.location).toBe('/post/post-1#saved-for-later');
      expect(answer.cookies).toEqual([]);
    }
    expect(await saved(ann.id)).toEqual(['post-0001']);
    expect(await dataClient().count(readingList.id, {}, OWNER)).toBe(1);
  });

  it('sends a visitor to sign in, then back to the post, and saves nothing', async () => {
    const answer = await landed(await send({ intent: 'save', postId: 'post-0002' }));
    expect(answer.location).toBe('/signin?notice=signin-to-save&next=%2Fpost%2Fpost-2');
    expect(await dataClient().count(readingList.id, {}, OWNER)).toBe(0);
  });

  it('treats a session that no longer signs anyone in as a visitor, clearing its cookies', async () => {
    const answer = await landed(await send({ postId: 'post-0002' }, new Map([['member_session', 'forged.token']])));
    expect(answer.location).toBe('/signin?notice=signin-to-save&next=%2Fpost%2Fpost-2');
    expect(answer.cookies.map((c) => c.split('=')[0])).toEqual(['member_session', 'member_hint']);
  });

  it('refuses an unknown, unpublished or malformed post id with a notice, never a 5xx', async () => {
    const ann = await member('bad@example.com');
    for (const postId of ['post-9999', 'post-0003', '', '../post-0001', 'x'.repeat(65), 'post-0001\u0000', '%00']) {
      const answer = await landed(await send({ intent: 'save', postId }, ann.jar));
      expect(answer.location).toBe('/account?notice=unknown-post');
    }
    const noField = await landed(await send({ intent: 'save' }, ann.jar));
    expect(noField.location).toBe('/account?notice=unknown-post');
    expect(await saved(ann.id)).toEqual([]);
  });

  it('refuses a post from another site, and a body that is not a form', async () => {
    const ann = await member('cross@example.com');
    const crossSite = await landed(await send({ postId: 'post-0001' }, ann.jar, { origin: 'https://evil.example' }));
    expect(crossSite.location).toBe('/account?notice=cross-site');
    const fetched = await landed(await send({ postId: 'post-0001' }, ann.jar, { 'sec-fetch-site': 'cross-site' }));
    expect(fetched.location).toBe('/account?notice=cross-site');
    const json = await readingListRoute.POST(
      new Request(`${site}/api/members/reading-list`, {
        method: 'POST',
        body: '{"postId":"post-0001"}',
        headers: { 'content-type': 'application/json', origin: site },
      }),
    );
    expect(json.status).toBeLessThan(500);
    expect(json.status).toBeGreaterThanOrEqual(400);
    expect(await saved(ann.id)).toEqual([]);
  });

  it('limits a client to 60 posts in 10 minutes', async () => {
    const ann = await member('busy@example.com');
    for (let i = 0; i < 60; i++) {
      expect((await landed(await send({ intent: 'save', postId: 'post-9999' }, ann.jar))).location).toBe(
        '/account?notice=unknown-post',
      );
    }
    const limited = await landed(await send({ intent: 'save', postId: 'post-0001' }, ann.jar));
    expect(limited.location).toBe('/account?notice=rate-limited');
    expect(await saved(ann.id)).toEqual([]);
  });

  it('answers other methods 405', async () => {
    const answer = await readingListRoute.GET(new Request(`${site}/api/members/reading-list`));
    expect(answer.status).toBe(405);
  });
});

describe('the reading list on the account page', () => {
  it('lists the saved posts, the latest first, with their titles as the blog has them', async () => {
    const ann = await member('list@example.com');
    await landed(await send({ intent: 'save', postId: 'post-0002' }, ann.jar));
    await landed(await send({ intent: 'save', postId: 'post-0001' }, ann.jar));
    // An item whose post is no longer published still shows, so it can be removed.
    await siteReadingList().save(ann.id, 'post-0003');
    const rows = await readingListView(ann.id);
    expect(Array.isArray(rows) && rows.map((r) => r.post)).toEqual([
      null,
      // With its language, so the list links each to its language's page.
      { title: 'Tom & "Jerry"', slug: 'post-1', language: 'en' },
      { title: 'Post number 2', slug: 'post-2', language: 'en' },
    ]);
    expect(rows?.[1]).toMatchObject({ itemId: readingListItemId(ann.id, 'post-0001') });
    expect(await readingListView('someone-else')).toEqual([]);
  });
});

describe('remove', () => {
  it('removes the member’s item and comes back to the list; a second remove says removed too', async () => {
    const ann = await member('rm@example.com');
    await landed(await send({ intent: 'save', postId: 'post-0001' }, ann.jar));
    await landed(await send({ intent: 'save', postId: 'post-0002' }, ann.jar));
    const itemId = readingListItemId(ann.id, 'post-0001');
    for (let i = 0; i < 2; i++) {
      const answer = await landed(await send({ intent: 'remove', itemId }, ann.jar));
      expect(answer.location).toBe('/account?notice=reading-list-removed#reading-list');
    }
    expect(await saved(ann.id)).toEqual(['post-0002']);
  });

  it('leaves another member’s item alone, saying it is not on this list', async () => {
    const ann = await member('owner-of@example.com');
    const bob = await member('bob@example.com');
    await landed(await send({ intent: 'save', postId: 'post-0001' }, ann.jar));
    const anns = readingListItemId(ann.id, 'post-0001');
    const refused = await landed(await send({ intent: 'remove', itemId: anns }, bob.jar));
    expect(refused.location).toBe('/account?notice=reading-list-missing#reading-list');
    expect(await saved(ann.id)).toEqual(['post-0001']);
    for (const itemId of ['', 'short', `${anns}x`, 'a/b'.padEnd(32, 'c')]) {
      const answer = await landed(await send({ intent: 'remove', itemId }, bob.jar));
      expect(answer.location).toBe('/account?notice=reading-list-missing#reading-list');
    }
  });

  it('sends a visitor to sign in', async () => {
    const answer = await landed(await send({ intent: 'remove', itemId: 'a'.repeat(32) }));
    expect(answer.location).toBe('/signin?notice=signin-required');
  });
});
