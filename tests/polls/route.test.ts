import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makePost, writeContentDir } from '../helpers/posts';

// POST /api/posts/{id}/polls/{pollId} on the local source and the embedded database: a members-only poll sends a
// visitor's form to sign in (JSON: 401) and takes a member's vote (a 303 to the poll's results); a poll anyone may vote
// in takes a visitor's vote under a signed voter cookie, three votes a day per address and poll; an option not of the
// poll, an unknown poll and a cross-site post are refused, and nothing is counted. The owner closes a poll (POST
// /api/owner/polls): it takes no vote (JSON 403 WDE0027; the form goes to the results), and GET says it is closed.

const pollNode = (id: string, vote: string) => ({
  type: 'POLL',
  id: `node-${id}`,
  nodes: [],
  pollData: {
    poll: {
      id,
      title: `Poll ${id}`,
      options: [
        { id: `${id}-a`, title: 'Yes' },
        { id: `${id}-b`, title: 'No' },
      ],
      settings: { permissions: { view: 'EVERYONE', vote, allowMultipleVotes: false } },
    },
  },
});
const contentDir = writeContentDir([
  makePost(1, { richContent: { nodes: [pollNode('members', 'SITE_MEMBERS'), pollNode('anyone', 'ALL')] } }),
]);
const dataDir = mkdtempSync(path.join(tmpdir(), 'polls-api-'));
Object.assign(process.env, {
  BLOG_SOURCE: 'local',
  BLOG_CONTENT_DIR: contentDir,
  DATA_DIR: dataDir,
  SESSION_SECRET: 'polls-api-test-secret-long-enough-0123456789',
  OWNER_PASSWORD: 'polls owner password',
  SITE_URL: 'https://blog.example',
  TRUST_PROXY_HOPS: '1',
  MAIL_OUTBOX: path.join(dataDir, 'mail'),
  MEMBERS_EMAIL_VERIFICATION: 'false',
  MEMBERS_OWNER_APPROVAL: 'false',
});

const route = await import('@/app/api/posts/[postId]/polls/[pollId]/route');
const ownerRoute = await import('@/app/api/owner/polls/route');
const { SESSION_COOKIE, signSession } = await import('@/lib/owner/tokens');
const { dataClient } = await import('@/lib/data');
const { siteMembers, LoginState } = await import('@/lib/members');
const { sitePolls, pollsOf } = await import('@/lib/polls');
const { getPost } = await import('@/lib/blog/reads');

vi.setConfig({ testTimeout: 30_000 });
let member = '';
beforeAll(async () => {
  const joined = await siteMembers().register({
    email: 'voter@example.com',
    password: 'correct horse battery',
    profile: { nickname: 'Voter' },
  });
  if (joined.loginState !== LoginState.SUCCESS) throw new Error(`could not join: ${joined.loginState}`);
  member = `member_session=${joined.data.sessionToken}`;
}, 60_000);
afterAll(async () => {
  await dataClient().close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(contentDir, { recursive: true, force: true });
});

const site = 'https://blog.example';
const POST = 'post-0001';
let n = 0;
const vote = (
  pollId: string,
  body: string,
  extra: Record<string, string> = {},
  type = 'application/x-www-form-urlencoded',
) =>
  route.POST(
    new Request(`${site}/api/posts/${POST}/polls/${pollId}`, {
      method: 'POST',
      headers: { origin: site, 'content-type': type, 'x-forwarded-for': `203.0.113.${++n % 250}`, ...extra },
      body,
    }),
    { params: Promise.resolve({ postId: POST, pollId }) } as never,
  );
const total = async (pollId: string) => {
  const post = await getPost(POST, { fieldsets: ['RICH_CONTENT'] });
  const poll = pollsOf(post!.richContent).find((p) => p.id === pollId)!;
  return (await sitePolls().results(POST, poll)).total;
};

describe('voting in a post’s poll', () => {
  it('a members-only poll: a visitor is sent to sign in (JSON 401), a member votes', async () => {
    const visitor = await vote('members', 'option=members-a');
    expect(visitor.status).toBe(303);
    expect(visitor.headers.get('location')).toBe(
      `/signin?notice=signin-to-vote&next=${encodeURIComponent('/post/post-1#poll-members')}`,
    );
    const json = await vote('members', JSON.stringify({ options: ['members-a'] }), {}, 'application/json');
    expect([json.status, (await json.json()).error.wde]).toEqual([401, 'WDE9401']);
    expect(await total('members')).toBe(0);
    const voted = await vote('members', 'option=members-b', { cookie: member });
    expect([voted.status, voted.headers.get('location')]).toEqual([303, '/polls/post-0001/members']);
    expect(await total('members')).toBe(1);
  });

  it('a poll anyone may vote in: a visitor votes under a signed cookie, three a day per address and poll', async () => {
    const address = '198.51.100.7';
    const first = await vote('anyone', 'option=anyone-a', { 'x-forwarded-for': address });
    expect(first.status).toBe(303);
    const cookie = first.headers.getSetCookie().find((c) => c.startsWith('visitor_id='))!;
    expect(cookie).toMatch(/HttpOnly/);
    // The same visitor again: their vote moves, still one.
    await vote('anyone', 'option=anyone-b', { 'x-forwarded-for': address, cookie: cookie.split(';')[0]! });
    expect(await total('anyone')).toBe(1);
    // Dropping the cookie makes a new voter, within the address's budget only.
    expect((await vote('anyone', 'option=anyone-a', { 'x-forwarded-for': address })).status).toBe(303);
    const over = await vote('anyone', 'option=anyone-a', { 'x-forwarded-for': address });
    expect([over.status, (await over.json()).error.wde]).toEqual([429, 'WDE9429']);
    expect(await total('anyone')).toBe(2);
  });

  it('refuses an option not of the poll, an unknown poll and a cross-site post; nothing is counted', async () => {
    const before = await total('members');
    const wrong = await vote('members', 'option=anyone-a', { cookie: member });
    expect([wrong.status, (await wrong.json()).error.wde]).toEqual([400, 'WDE0046']);
    expect((await vote('no-such-poll', 'option=x', { cookie: member })).status).toBe(404);
    expect(
      (await vote('members', 'option=members-a', { cookie: member, origin: 'https://elsewhere.example' })).status,
    ).toBe(403);
    expect(await total('members')).toBe(before);
  });

  it('a poll the owner closed takes no vote, says so, and is counted as it was; the owner opens it again', async () => {
    const owner = `${SESSION_COOKIE}=${signSession(process.env.SESSION_SECRET!).token}`;
    const setClosed = (intent: string, cookie: string) =>
      ownerRoute.POST(
        new Request(`${site}/api/owner/polls`, {
          method: 'POST',
          headers: { origin: site, 'content-type': 'application/x-www-form-urlencoded', cookie },
          body: new URLSearchParams({ postId: POST, pollId: 'members', intent }),
        }),
      );
    const read = async (cookie: string) =>
      (
        await route.GET(new Request(`${site}/api/posts/${POST}/polls/members`, { headers: { cookie } }), {
          params: Promise.resolve({ postId: POST, pollId: 'members' }),
        } as never)
      ).json();

    // Only the owner closes it.
    expect((await setClosed('close', member)).status).toBe(401);
    const closed = await setClosed('close', owner);
    expect([closed.status, closed.headers.get('location')]).toEqual([303, '/polls/post-0001/members']);
    expect((await setClosed('shut', owner)).status).toBe(400);

    const before = await total('members');
    const json = await vote(
      'members',
      JSON.stringify({ options: ['members-a'] }),
      { cookie: member },
      'application/json',
    );
    expect([json.status, (await json.json()).error.wde]).toEqual([403, 'WDE0027']);
    const form = await vote('members', 'option=members-a', { cookie: member });
    expect([form.status, form.headers.get('location')]).toEqual([303, '/polls/post-0001/members']);
    expect(await total('members')).toBe(before);
    expect(await read(member)).toMatchObject({ mine: ['members-b'], closed: true, results: { total: before } });

    await setClosed('open', owner);
    expect((await vote('members', 'option=members-a', { cookie: member })).status).toBe(303);
    expect(await read(member)).toMatchObject({ mine: ['members-a'], closed: false });
  });
});
