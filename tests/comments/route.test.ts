import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { revalidateTag } from 'next/cache';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE, signSession } from '@/lib/owner/tokens';
import { solved } from '../helpers/captcha';
import { makePost, writeContentDir } from '../helpers/posts';

// The comment routes on the local source, the embedded database and the site's own members: a member (or, when the
// owner allows it, a visitor with a name) writes a comment or a reply to a post (JSON: 201 and the comment; a form: a
// 303 back to the post), edits and deletes their own, and the owner approves, hides, deletes and blocks from the
// dashboard and sets who may comment and what waits. A post's count is derived from the published ones (the post file
// is never written); every change clears the post's thread and metrics tags (lib/core/cache/invalidate.ts).
// Cross-site posts, bad input, floods (a captcha past three, a 429 past twenty) and other people's comments change
// nothing.

const SECRET = 'comments-api-test-secret-long-enough-0123456789';
const contentDir = writeContentDir([
  makePost(1, { metrics: { views: 1, likes: 0, comments: 0 } }),
  makePost(2, { metrics: { views: 1, likes: 0, comments: 0 } }),
  makePost(3, { status: 'UNPUBLISHED' }),
  makePost(4, { commentingEnabled: false }),
]);
const dataDir = mkdtempSync(path.join(tmpdir(), 'comments-api-'));
process.env.BLOG_SOURCE = 'local';
process.env.BLOG_CONTENT_DIR = contentDir;
process.env.DATA_DIR = dataDir;
process.env.MAIL_OUTBOX = path.join(dataDir, 'mail');
process.env.OWNER_PASSWORD = 'owner-password';
process.env.SESSION_SECRET = SECRET;
process.env.SITE_URL = 'https://blog.example';
process.env.TRUST_PROXY_HOPS = '1';
process.env.MEMBERS_EMAIL_VERIFICATION = 'false';
process.env.MEMBERS_OWNER_APPROVAL = 'false';

const postRoute = await import('@/app/api/posts/[postId]/comments/route');
const commentRoute = await import('@/app/api/comments/[commentId]/route');
const ownerRoute = await import('@/app/api/owner/comments/route');
const settingsRoute = await import('@/app/api/owner/comments/settings/route');
const { dataClient } = await import('@/lib/data');
const { OWNER } = await import('@/lib/data/permissions');
const { commentCount, commentModeration, commentSettingsStore, postComments, siteComments, DEFAULT_COMMENT_SETTINGS } =
  await import('@/lib/comments');
const { siteMembers, LoginState } = await import('@/lib/members');
const { siteCaptcha } = await import('@/lib/members/site-captcha');

type Comment = import('@/lib/comments').PostComment;

// The first open of the database and the webhook key pair's generation take seconds on a busy machine.
vi.setConfig({ testTimeout: 60_000 });
beforeAll(async () => {
  dataClient().declare(postComments);
  siteMembers(); // declares the members collection on the site's data client
  await dataClient().count(postComments.id, {}, OWNER);
}, 60_000);
afterAll(async () => {
  await dataClient().close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(contentDir, { recursive: true, force: true });
});

const site = 'https://blog.example';
const POST = 'post-0001';
const OTHER_POST = 'post-0002';
const PASSWORD = 'correct horse battery';
const owner = `${SESSION_COOKIE}=${signSession(SECRET).token}`;

/** Each request comes from a new client address (its own rate-limit budget) unless a test pins one. */
let clients = 0;
const nextAddress = () => {
  clients += 1;
  return `198.51.${Math.floor(clients / 250)}.${(clients % 250) + 1}`;
};

beforeEach(async () => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  await dataClient().truncate(postComments.id, OWNER);
  await dataClient().truncate('members', OWNER);
  await commentSettingsStore().set(DEFAULT_COMMENT_SETTINGS);
});

type Extra = Record<string, string>;
const headers = (cookie = '', extra: Extra = {}): Extra => ({
  origin: site,
  'x-forwarded-for': nextAddress(),
  ...(cookie ? { cookie } : {}),
  ...extra,
});
const postCtx = (postId: string) => ({ params: Promise.resolve({ postId }) }) as never;
const commentCtx = (commentId: string) => ({ params: Promise.resolve({ commentId }) }) as never;

/** POST a comment as JSON (`body` a string is sent as is). */
const write = (body: unknown, cookie = '', extra: Extra = {}, postId = POST) =>
  postRoute.POST(
    new Request(`${site}/api/posts/${postId}/comments`, {
      method: 'POST',
      body: typeof body === 'string' ? body : JSON.stringify(body),
      headers: headers(cookie, { 'content-type': 'application/json', ...extra }),
    }),
    postCtx(postId),
  );
/** POST a comment as a form without JavaScript does. */
const writeForm = (fields: Extra, cookie = '', extra: Extra = {}, postId = POST) =>
  postRoute.POST(
    new Request(`${site}/api/posts/${postId}/comments`, {
      method: 'POST',
      body: new URLSearchParams(fields).toString(),
      headers: headers(cookie, { 'content-type': 'application/x-www-form-urlencoded', ...extra }),
    }),
    postCtx(postId),
  );
const read = (cookie = '', postId = POST) =>
  postRoute.GET(
    new Request(`${site}/api/posts/${postId}/comments`, { headers: cookie ? { cookie } : {} }),
    postCtx(postId),
  );
const mine = async (cookie: string, postId = POST) =>
  (await (await read(cookie, postId)).json()) as { member: { name: string } | null; mine: Comment[] };
const patch = (commentId: string, body: unknown, cookie = '', extra: Extra = {}) =>
  commentRoute.PATCH(
    new Request(`${site}/api/comments/${commentId}`, {
      method: 'PATCH',
      body: JSON.stringify(body),
      headers: headers(cookie, { 'content-type': 'application/json', ...extra }),
    }),
    commentCtx(commentId),
  );
const remove = (commentId: string, cookie = '', extra: Extra = {}) =>
  commentRoute.DELETE(
    new Request(`${site}/api/comments/${commentId}`, { method: 'DELETE', headers: headers(cookie, extra) }),
    commentCtx(commentId),
  );
const ownerForm = (url: string, fields: Extra, cookie = owner, extra: Extra = {}) =>
  new Request(`${site}${url}`, {
    method: 'POST',
    body: new URLSearchParams(fields).toString(),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: site,
      ...(cookie ? { cookie } : {}),
      ...extra,
    },
  });
const moderate = (fields: Extra, cookie = owner, extra: Extra = {}) =>
  ownerRoute.POST(ownerForm('/api/owner/comments', fields, cookie, extra));
const setSettings = (fields: Extra, cookie = owner, extra: Extra = {}) =>
  settingsRoute.POST(ownerForm('/api/owner/comments/settings', fields, cookie, extra));

/** The owner saves the comment settings through the dashboard's form. */
async function allow(fields: Extra) {
  const saved = await setSettings(fields);
  expect([saved.status, saved.headers.get('location')]).toEqual([303, '/dashboard/comments?saved=settings']);
}

/**
 * The post's comment count as its page shows it (the platform's `metrics.comments` plus the published comments the
 * site keeps), after checking that no write moved the post file's own count (0: the platform's, never the site's).
 */
const shownComments = async (postId = POST) => {
  const file = JSON.parse(readFileSync(path.join(contentDir, 'posts', `${postId}.json`), 'utf8')).metrics.comments;
  expect(file).toBe(0);
  return commentCount(postId);
};
const stored = () => dataClient().count(postComments.id, {}, OWNER);
const queue = async (status: 'PENDING' | 'PUBLISHED' | 'HIDDEN') =>
  (await commentModeration().queue(status, { limit: 100 })).comments;
/** The texts of the post's public thread (what readers see), top-level comments and replies. */
const publicTexts = async (postId = POST) =>
  (await siteComments().list(postId, { limit: 100 })).threads.flatMap((t) =>
    [t.comment, ...t.replies].map((c) => c.text),
  );

/** A signed-in member: the Cookie header of their session, and their id. */
async function member(email: string, nickname: string) {
  const joined = await siteMembers().register({ email, password: PASSWORD, profile: { nickname } });
  if (joined.loginState !== LoginState.SUCCESS) throw new Error(`could not join: ${joined.loginState}`);
  const cookie = `member_session=${joined.data.sessionToken}`;
  const who = await siteMembers().memberOf(joined.data.sessionToken);
  return { cookie, id: who!.id };
}

async function expectError(response: Response, status: number, wde: string) {
  expect(response.status).toBe(status);
  const body = await response.json();
  expect(body.error).toMatchObject({ wde });
  return body;
}

async function created(response: Response): Promise<Comment> {
  expect(response.status).toBe(201);
  return ((await response.json()) as { comment: Comment }).comment;
}

describe('writing a comment', () => {
  it('publishes a member’s JSON comment, counts it with the post’s, and lists it as theirs', async () => {
    const ann = await member('ann@example.com', 'Ann');
    const before = await shownComments();
    const answer = await write({ text: 'Hello there' }, ann.cookie);
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    const comment = await created(answer);
    expect(comment).toMatchObject({
      postId: POST,
      parentId: null,
      author: { memberId: ann.id, name: 'Ann' },
      text: 'Hello there',
      status: 'PUBLISHED',
      edited: false,
    });
    expect(await shownComments()).toBe(before + 1);

    const theirs = await read(ann.cookie);
    expect(theirs.status).toBe(200);
    expect(theirs.headers.get('cache-control')).toBe('private, no-store');
    expect(await theirs.json()).toEqual({ member: { name: 'Ann' }, mine: [comment] });

    const nobody = await read();
    expect(nobody.headers.get('cache-control')).toBe('private, no-store');
    expect(await nobody.json()).toEqual({ member: null, mine: [] });
    // Another member sees none of Ann's as theirs.
    const bob = await member('bob@example.com', 'Bob');
    expect(await mine(bob.cookie)).toEqual({ member: { name: 'Bob' }, mine: [] });
    // A forged session is nobody.
    expect(await mine('member_session=forged.token')).toEqual({ member: null, mine: [] });
  });

  it('answers a form post with a 303 to the comment, or to the awaiting notice when everyone waits', async () => {
    const ann = await member('ann@example.com', 'Ann');
    const before = await shownComments();
    const published = await writeForm({ text: 'By form' }, ann.cookie);
    expect(published.status).toBe(303);
    expect(published.headers.get('cache-control')).toBe('private, no-store');
    const [first] = (await mine(ann.cookie)).mine;
    expect(first).toMatchObject({ text: 'By form', status: 'PUBLISHED' });
    expect(published.headers.get('location')).toBe(`/post/post-1#comment-${first!.id}`);
    expect(await shownComments()).toBe(before + 1);

    vi.mocked(revalidateTag).mockClear();
    await allow({ approval: 'everyone' });
    // Every thread is refreshed: their forms change.
    expect(vi.mocked(revalidateTag)).toHaveBeenCalledWith('comments', { expire: 0 });
    expect(await commentSettingsStore().get()).toEqual({ visitorsMayComment: false, approval: 'everyone' });

    const waiting = await writeForm({ text: 'Held back' }, ann.cookie);
    expect(waiting.status).toBe(303);
    expect(waiting.headers.get('location')).toBe('/post/post-1#comment-awaiting');
    const { mine: theirs } = await mine(ann.cookie);
    expect(theirs.map((c) => [c.text, c.status])).toEqual([
      ['By form', 'PUBLISHED'],
      ['Held back', 'PENDING'],
    ]);
    expect(await shownComments()).toBe(before + 1);
    expect((await queue('PENDING')).map((c) => c.text)).toEqual(['Held back']);
  });

  it('answers GET and POST for an unknown or malformed post with the catalogue 404', async () => {
    const ann = await member('ann@example.com', 'Ann');
    await expectError(await read(ann.cookie, 'post-9999'), 404, 'WDE0073');
    await expectError(await write({ text: 'Hi' }, ann.cookie, {}, 'post-9999'), 404, 'WDE0073');
    await expectError(await write({ text: 'Hi' }, ann.cookie, {}, '..%2Fetc'), 404, 'WDE0073');
    await expectError(await write({ text: 'Hi' }, ann.cookie, {}, 'post-0003'), 404, 'WDE0073');
    await expectError(await read(ann.cookie, 'post-0003'), 404, 'WDE0073');
    expect(await stored()).toBe(0);
  });

  it('writes a member’s comment under their own name, whatever name the request sends', async () => {
    const ann = await member('ann@example.com', 'Ann');
    const comment = await created(await write({ name: 'The Owner', text: 'Hi', status: 'HIDDEN' }, ann.cookie));
    expect(comment).toMatchObject({ author: { memberId: ann.id, name: 'Ann' }, status: 'PUBLISHED' });
  });

  it('refuses a comment on a post whose comments are closed, JSON or form', async () => {
    const ann = await member('ann@example.com', 'Ann');
    await expectError(await write({ text: 'Hi' }, ann.cookie, {}, 'post-0004'), 403, 'WDE9403');
    await expectError(await writeForm({ text: 'Hi' }, ann.cookie, {}, 'post-0004'), 403, 'WDE9403');
    expect(await stored()).toBe(0);
    // The reader's own comments are still read.
    expect(await mine(ann.cookie, 'post-0004')).toEqual({ member: { name: 'Ann' }, mine: [] });
  });

  it('writes a member’s display name as plain text on one line', async () => {
    const ann = await member('ann@example.com', '\u202EAnn\t  Lee');
    const comment = await created(await write({ text: 'Hi' }, ann.cookie));
    expect(comment.author.name).toBe('Ann Lee');
    expect((await mine(ann.cookie)).member).toEqual({ name: 'Ann Lee' });
  });

  it('counts comments written at once, each once', async () => {
    const members = await Promise.all([1, 2, 3, 4, 5].map((i) => member(`m${i}@example.com`, `M${i}`)));
    const before = await shownComments();
    const answers = await Promise.all(
      members.flatMap((m) => [write({ text: 'One' }, m.cookie), write({ text: 'Two' }, m.cookie)]),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    expect(await shownComments()).toBe(before + 10);
    expect(await stored()).toBe(10);
  });
});

describe('the same comment sent twice', () => {
  it('is refused the second time in a row with a 409 (JSON), or sent back to the first (a form); nothing is written', async () => {
    const ann = await member('ann@example.com', 'Ann');
    const first = await created(await write({ text: 'Great post!\nThanks.' }, ann.cookie));
    const before = [await stored(), await shownComments()];
    const again = await expectError(await write({ text: '  Great   post! Thanks. ' }, ann.cookie), 409, 'WDE9409');
    expect(again.error.message).toMatch(/posted this comment already/);
    const byForm = await writeForm({ text: 'Great post!\r\nThanks.' }, ann.cookie);
    expect([byForm.status, byForm.headers.get('location')]).toEqual([303, `/post/post-1#comment-${first.id}`]);
    // A reply that says the same as the writer's last comment is the same comment again.
    await expectError(await write({ text: 'Great post! Thanks.', parentId: first.id }, ann.cookie), 409, 'WDE9409');
    expect([await stored(), await shownComments()]).toEqual(before);
    expect((await mine(ann.cookie)).mine).toEqual([first]);

    // Said again after something else, by someone else, or on another post: written.
    const bob = await member('bob@example.com', 'Bob');
    await created(await write({ text: 'Great post!\nThanks.' }, bob.cookie));
    await created(await write({ text: 'Great post!\nThanks.' }, ann.cookie, {}, OTHER_POST));
    await created(await write({ text: 'Something else' }, ann.cookie));
    await created(await write({ text: 'Great post!\nThanks.' }, ann.cookie));
    expect(await stored()).toBe(5);
  });

  it('is refused from a visitor of the same name, and sent back to the notice while the first waits', async () => {
    await allow({ visitorsMayComment: 'on', approval: 'visitors' });
    const first = await created(await write({ name: 'Vic', text: 'Hello' }));
    expect(first.status).toBe('PENDING');
    await expectError(await write({ name: ' Vic ', text: 'Hello ' }), 409, 'WDE9409');
    const byForm = await writeForm({ name: 'Vic', text: 'Hello' });
    expect(byForm.headers.get('location')).toBe('/post/post-1#comment-awaiting');
    await created(await write({ name: 'Val', text: 'Hello' }));
    expect(await stored()).toBe(2);
  });
});

describe('the writers’ pictures', () => {
  it('come with the public thread: the picture a member chose, none for a member without one or a visitor', async () => {
    await allow({ visitorsMayComment: 'on', approval: 'none' });
    const ann = await member('ann@example.com', 'Ann');
    const bob = await member('bob@example.com', 'Bob');
    const chosen = await siteMembers().updateProfile(ann.cookie.split('=')[1]!, { avatar: '/media/ann.png' });
    expect(chosen.ok).toBe(true);
    const top = await created(await write({ text: 'With a picture' }, ann.cookie));
    await created(await write({ text: 'Without one', parentId: top.id }, bob.cookie));
    await created(await write({ name: 'Vic', text: 'A visitor' }));
    const { threads } = await siteComments().list(POST, { limit: 10 });
    const authors = threads.flatMap((t) => [t.comment, ...t.replies]).map((c) => c.author);
    expect(authors).toEqual([
      { memberId: null, name: 'Vic' },
      { memberId: ann.id, name: 'Ann', avatar: '/media/ann.png' },
      { memberId: bob.id, name: 'Bob' },
    ]);
  });
});

describe('visitors', () => {
  it('are sent to sign in while the blog takes comments from members only (the default)', async () => {
    const json = await expectError(await write({ name: 'Vic', text: 'Hi' }), 401, 'WDE9401');
    expect(json.error.message).toMatch(/sign in/);
    const form = await writeForm({ name: 'Vic', text: 'Hi' });
    expect(form.status).toBe(303);
    const location = new URL(form.headers.get('location')!, site);
    expect(location.pathname).toBe('/signin');
    expect(location.searchParams.get('notice')).toBe('signin-to-comment');
    // Back to the post's comments after signing in.
    expect(location.searchParams.get('next')).toBe('/post/post-1#comments');
    expect(await stored()).toBe(0);
  });

  it('comment with a name once the owner allows them; without a name they get a 400', async () => {
    await allow({ visitorsMayComment: 'on', approval: 'none' });
    expect(await commentSettingsStore().get()).toEqual({ visitorsMayComment: true, approval: 'none' });
    const before = await shownComments();
    const comment = await created(await write({ name: '  Vic   Tor ', text: 'Visiting' }));
    expect(comment).toMatchObject({ author: { memberId: null, name: 'Vic Tor' }, status: 'PUBLISHED' });
    expect(await shownComments()).toBe(before + 1);

    await expectError(await write({ text: 'No name' }), 400, 'WDE0046');
    await expectError(await write({ name: '   ', text: 'Blank name' }), 400, 'WDE0046');
    await expectError(await write({ name: 'x'.repeat(61), text: 'Long name' }), 400, 'WDE0046');
    const form = await writeForm({ text: 'No name by form' });
    expect([form.status, form.headers.get('location')]).toEqual([303, '/post/post-1#comment-invalid']);
    expect(await stored()).toBe(1);
    expect(await shownComments()).toBe(before + 1);
    // A visitor has no comments of their own to read back.
    expect(await mine('')).toEqual({ member: null, mine: [] });
  });

  it('wait for approval under "visitors", while a member’s comment is published', async () => {
    await allow({ visitorsMayComment: 'on', approval: 'visitors' });
    const ann = await member('ann@example.com', 'Ann');
    const before = await shownComments();
    const visitor = await created(await write({ name: 'Vic', text: 'From a visitor' }));
    expect(visitor.status).toBe('PENDING');
    expect(await shownComments()).toBe(before);
    const byForm = await writeForm({ name: 'Vic', text: 'From a visitor, by form' });
    expect(byForm.headers.get('location')).toBe('/post/post-1#comment-awaiting');
    const own = await created(await write({ text: 'From a member' }, ann.cookie));
    expect(own.status).toBe('PUBLISHED');
    expect(await shownComments()).toBe(before + 1);
    expect((await queue('PENDING')).map((c) => c.text).sort()).toEqual(['From a visitor', 'From a visitor, by form']);
  });
});

describe('replies', () => {
  it('join the top-level comment’s thread, one level deep', async () => {
    const ann = await member('ann@example.com', 'Ann');
    const bob = await member('bob@example.com', 'Bob');
    const before = await shownComments();
    const top = await created(await write({ text: 'Top' }, ann.cookie));
    const reply = await created(await write({ text: 'Reply', parentId: top.id }, bob.cookie));
    expect(reply.parentId).toBe(top.id);
    const deeper = await created(await write({ text: 'Reply to the reply', parentId: reply.id }, ann.cookie));
    expect(deeper.parentId).toBe(top.id);
    expect(await shownComments()).toBe(before + 3);

    const threads = (await commentModeration().queue('PUBLISHED', { limit: 10 })).comments;
    expect(threads).toHaveLength(3);
  });

  it('to an unknown comment, one on another post, or someone else’s pending one, is a 404 and stores nothing', async () => {
    const ann = await member('ann@example.com', 'Ann');
    const bob = await member('bob@example.com', 'Bob');
    const elsewhere = await created(await write({ text: 'On post 2' }, ann.cookie, {}, OTHER_POST));
    await allow({ approval: 'everyone' });
    const pending = await created(await write({ text: 'Waiting' }, ann.cookie));
    expect(pending.status).toBe('PENDING');
    await allow({ approval: 'none' });
    const before = [await stored(), await shownComments(), await shownComments(OTHER_POST)];

    await expectError(await write({ text: 'R', parentId: 'no-such-comment' }, bob.cookie), 404, 'WDE0073');
    await expectError(await write({ text: 'R', parentId: '../x' }, bob.cookie), 404, 'WDE0073');
    await expectError(await write({ text: 'R', parentId: elsewhere.id }, bob.cookie), 404, 'WDE0073');
    await expectError(await write({ text: 'R', parentId: pending.id }, bob.cookie), 404, 'WDE0073');
    // Its writer neither: a reply under a comment nobody else sees would be counted, unseen.
    await expectError(await write({ text: 'Mine', parentId: pending.id }, ann.cookie), 404, 'WDE0073');
    expect([await stored(), await shownComments(), await shownComments(OTHER_POST)]).toEqual(before);
  });

  // A visitor's comment and a visitor writer both have no member id: that must not make them the same writer.
  it('refuses a visitor’s reply to another visitor’s pending or hidden comment with a 404', async () => {
    await allow({ visitorsMayComment: 'on', approval: 'visitors' });
    const pending = await created(await write({ name: 'Vic', text: 'Waiting' }));
    expect(pending.status).toBe('PENDING');
    await allow({ visitorsMayComment: 'on', approval: 'none' });
    const hidden = await created(await write({ name: 'Val', text: 'To be hidden' }));
    await moderate({ id: hidden.id, action: 'hide' });
    const bob = await member('bob@example.com', 'Bob');
    const before = [await stored(), await shownComments()];

    // A member is refused, as for any comment that is not published and not theirs...
    await expectError(await write({ text: 'R', parentId: pending.id }, bob.cookie), 404, 'WDE0073');
    await expectError(await write({ text: 'R', parentId: hidden.id }, bob.cookie), 404, 'WDE0073');
    // ...and so is a different visitor.
    await expectError(await write({ name: 'Eve', text: 'R', parentId: pending.id }), 404, 'WDE0073');
    await expectError(await write({ name: 'Eve', text: 'R', parentId: hidden.id }), 404, 'WDE0073');
    expect([await stored(), await shownComments()]).toEqual(before);
  });
});

describe('bad input changes nothing', () => {
  it('refuses empty, blank and too long text with a 400; 12,000 characters fit', async () => {
    const ann = await member('ann@example.com', 'Ann');
    const before = await shownComments();
    for (const text of ['', ' \n\t \r\n ', '\u202E\u0007', 'x'.repeat(12_001)]) {
      await expectError(await write({ text }, ann.cookie), 400, 'WDE0046');
    }
    await expectError(await write({}, ann.cookie), 400, 'WDE0046');
    await expectError(await write({ text: 42 }, ann.cookie), 400, 'WDE0046');
    const form = await writeForm({ text: '   ' }, ann.cookie);
    expect([form.status, form.headers.get('location')]).toEqual([303, '/post/post-1#comment-invalid']);
    expect(await stored()).toBe(0);
    expect((await mine(ann.cookie)).mine).toEqual([]);
    expect(await queue('PENDING')).toEqual([]);
    expect(await shownComments()).toBe(before);

    // Characters, not UTF-16 units: 12,000 astral characters fit too.
    expect((await created(await write({ text: 'x'.repeat(12_000) }, ann.cookie))).text).toHaveLength(12_000);
    expect((await created(await write({ text: '😀'.repeat(12_000) }, ann.cookie))).text).toHaveLength(24_000);
  });

  it('refuses a body that is not JSON (400) or larger than 160 KiB (413)', async () => {
    const ann = await member('ann@example.com', 'Ann');
    await expectError(await write('{"text": "Hi"', ann.cookie), 400, 'WDE0004');
    await expectError(await write('["Hi"]', ann.cookie), 400, 'WDE0004');
    await expectError(await write({ text: 'x'.repeat(161 * 1024) }, ann.cookie), 413, 'WDE0109');
    await expectError(await writeForm({ text: 'x'.repeat(161 * 1024) }, ann.cookie), 413, 'WDE0109');
    expect(await stored()).toBe(0);
  });

  it('refuses a post from another site with a 403, JSON or form', async () => {
    const ann = await member('ann@example.com', 'Ann');
    const before = await shownComments();
    await expectError(await write({ text: 'Hi' }, ann.cookie, { origin: 'https://evil.example' }), 403, 'WDE9403');
    await expectError(await write({ text: 'Hi' }, ann.cookie, { 'sec-fetch-site': 'cross-site' }), 403, 'WDE9403');
    await expectError(await writeForm({ text: 'Hi' }, ann.cookie, { origin: 'https://evil.example' }), 403, 'WDE9403');
    expect(await stored()).toBe(0);
    expect(await shownComments()).toBe(before);
  });
});

describe('floods', () => {
  it('asks a client for the captcha from its 4th write, and refuses its 21st with a 429', async () => {
    const ann = await member('ann@example.com', 'Ann');
    const from = { 'x-forwarded-for': '192.0.2.77' };
    for (let i = 1; i <= 3; i++) await created(await write({ text: `Comment ${i}` }, ann.cookie, from));

    const asked = await expectError(await write({ text: 'Comment 4' }, ann.cookie, from), 428, 'WDE9428');
    expect(asked.captcha).toBe('silent');
    // A form is sent back to the post's captcha notice.
    const byForm = await writeForm({ text: 'Comment 4' }, ann.cookie, from);
    expect(byForm.headers.get('location')).toBe('/post/post-1#comment-captcha');
    expect(await stored()).toBe(3);

    const payload = await solved(siteCaptcha());
    await created(await write({ text: 'Comment 4', altcha: payload }, ann.cookie, from));
    // A solution counts once.
    await expectError(await write({ text: 'Comment 5', altcha: payload }, ann.cookie, from), 428, 'WDE9428');
    await expectError(await write({ text: 'Comment 5', altcha: 'not a solution' }, ann.cookie, from), 428, 'WDE9428');
    expect(await stored()).toBe(4);

    // Eight writes so far; past six the visible captcha.
    const user = await expectError(await write({ text: 'Comment 5' }, ann.cookie, from), 428, 'WDE9428');
    expect(user.captcha).toBe('user');
    await created(await write({ text: 'Comment 5', altcha: await solved(siteCaptcha()) }, ann.cookie, from));

    // Ten writes; ten more (refused ones count too), then none.
    for (let i = 0; i < 10; i++) await expectError(await write({ text: '' }, ann.cookie, from), 400, 'WDE0046');
    const limited = await expectError(
      await write({ text: 'One too many', altcha: await solved(siteCaptcha()) }, ann.cookie, from),
      429,
      'WDE9429',
    );
    expect(limited).toBeDefined();
    const again = await write({ text: 'One too many' }, ann.cookie, from);
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
    const form = await writeForm({ text: 'One too many' }, ann.cookie, from);
    expect([form.status, form.headers.get('location')]).toEqual([303, '/post/post-1#comment-limited']);
    // An edit counts against the same budget.
    const [first] = (await mine(ann.cookie)).mine;
    await expectError(await patch(first!.id, { text: 'Edited' }, ann.cookie, from), 429, 'WDE9429');
    expect(await stored()).toBe(5);

    // Another client writes freely.
    await created(await write({ text: 'From elsewhere' }, ann.cookie));
  });
});

describe('a writer’s own comment', () => {
  it('is edited by its writer only', async () => {
    const ann = await member('ann@example.com', 'Ann');
    const bob = await member('bob@example.com', 'Bob');
    const comment = await created(await write({ text: 'First words' }, ann.cookie));
    const before = await shownComments();

    const edited = await patch(comment.id, { text: 'Better words' }, ann.cookie);
    expect(edited.status).toBe(200);
    expect(edited.headers.get('cache-control')).toBe('private, no-store');
    expect((await edited.json()).comment).toMatchObject({
      id: comment.id,
      text: 'Better words',
      edited: true,
      status: 'PUBLISHED',
    });
    expect(await shownComments()).toBe(before);

    await expectError(await patch(comment.id, { text: 'Bob was here' }, bob.cookie), 403, 'WDE0027');
    await expectError(await patch(comment.id, { text: 'Nobody was here' }), 401, 'WDE9401');
    await expectError(await patch('no-such-comment', { text: 'x' }, ann.cookie), 404, 'WDE0073');
    await expectError(await patch(comment.id, { text: '  ' }, ann.cookie), 400, 'WDE0046');
    await expectError(
      await patch(comment.id, { text: 'Cross' }, ann.cookie, { origin: 'https://evil.example' }),
      403,
      'WDE9403',
    );
    const [kept] = (await mine(ann.cookie)).mine;
    expect(kept).toMatchObject({ text: 'Better words', edited: true });
  });

  it('is deleted by its writer only, and the count drops', async () => {
    const ann = await member('ann@example.com', 'Ann');
    const bob = await member('bob@example.com', 'Bob');
    const comment = await created(await write({ text: 'Short-lived' }, ann.cookie));
    const before = await shownComments();

    await expectError(await remove(comment.id, bob.cookie), 403, 'WDE0027');
    await expectError(await remove(comment.id), 401, 'WDE9401');
    await expectError(await remove(comment.id, ann.cookie, { origin: 'https://evil.example' }), 403, 'WDE9403');
    await expectError(await remove('no-such-comment', ann.cookie), 404, 'WDE0073');
    expect((await mine(ann.cookie)).mine).toHaveLength(1);
    expect(await shownComments()).toBe(before);

    const gone = await remove(comment.id, ann.cookie);
    expect(gone.status).toBe(200);
    expect((await gone.json()).comment).toMatchObject({ id: comment.id, text: 'Short-lived' });
    expect((await mine(ann.cookie)).mine).toEqual([]);
    expect(await shownComments()).toBe(before - 1);
    await expectError(await remove(comment.id, ann.cookie), 404, 'WDE0073');
  });

  it('takes its replies with it when it is a top-level one; the count loses the published ones', async () => {
    const ann = await member('ann@example.com', 'Ann');
    const bob = await member('bob@example.com', 'Bob');
    const before = await shownComments();
    const top = await created(await write({ text: 'Top' }, ann.cookie));
    await created(await write({ text: 'Published reply', parentId: top.id }, bob.cookie));
    await allow({ approval: 'everyone' });
    const waiting = await created(await write({ text: 'Pending reply', parentId: top.id }, bob.cookie));
    expect(waiting.status).toBe('PENDING');
    const kept = await created(await write({ text: 'Another thread' }, bob.cookie));
    expect(await shownComments()).toBe(before + 2);
    expect(await stored()).toBe(4);

    expect((await remove(top.id, ann.cookie)).status).toBe(200);
    expect(await shownComments()).toBe(before);
    expect((await mine(bob.cookie)).mine.map((c) => c.id)).toEqual([kept.id]);
    expect(await stored()).toBe(1);
  });
});

describe('an edit of a published comment', () => {
  it('waits for the owner again where the writer’s comments wait: out of the thread and the count until approved', async () => {
    const ann = await member('ann@example.com', 'Ann');
    await allow({ approval: 'everyone' });
    const comment = await created(await write({ text: 'A fair point' }, ann.cookie));
    expect(comment.status).toBe('PENDING');
    const before = await shownComments();
    expect((await moderate({ id: comment.id, action: 'approve' })).status).toBe(303);
    expect(await shownComments()).toBe(before + 1);
    expect(await publicTexts()).toEqual(['A fair point']);

    vi.mocked(revalidateTag).mockClear();
    const edited = await patch(comment.id, { text: 'BUY CHEAP PILLS at https://spam.example' }, ann.cookie);
    expect(edited.status).toBe(200);
    expect((await edited.json()).comment).toMatchObject({
      id: comment.id,
      text: 'BUY CHEAP PILLS at https://spam.example',
      status: 'PENDING',
      edited: true,
    });
    // Not on the public page, not counted, back in the owner's queue; the post's thread and count are refreshed.
    expect(await publicTexts()).toEqual([]);
    expect(await shownComments()).toBe(before);
    expect((await queue('PENDING')).map((c) => c.id)).toEqual([comment.id]);
    expect(vi.mocked(revalidateTag)).toHaveBeenCalledWith(`comments:${POST}`, { expire: 0 });
    expect(vi.mocked(revalidateTag)).toHaveBeenCalledWith(`metrics:${POST}`, { expire: 0 });
    // Its writer still sees it, waiting.
    expect((await mine(ann.cookie)).mine).toEqual([expect.objectContaining({ id: comment.id, status: 'PENDING' })]);

    // Editing it again while it waits keeps it waiting; the owner's approval publishes the new text.
    expect((await (await patch(comment.id, { text: 'A fairer point' }, ann.cookie)).json()).comment.status).toBe(
      'PENDING',
    );
    expect(await shownComments()).toBe(before);
    expect((await moderate({ id: comment.id, action: 'approve' })).status).toBe(303);
    expect(await publicTexts()).toEqual(['A fairer point']);
    expect(await shownComments()).toBe(before + 1);
  });

  it('stays published where the writer’s comments do not wait, and when its text does not change', async () => {
    const ann = await member('ann@example.com', 'Ann');
    const comment = await created(await write({ text: 'First take' }, ann.cookie));
    const before = await shownComments();
    // No approval, then approval for visitors only: a member's edit is published at once.
    for (const [approval, text] of [
      ['none', 'Second take'],
      ['visitors', 'Third take'],
    ] as const) {
      await allow({ approval });
      const edited = await patch(comment.id, { text }, ann.cookie);
      expect((await edited.json()).comment).toMatchObject({ text, status: 'PUBLISHED' });
      expect(await publicTexts()).toEqual([text]);
      expect(await shownComments()).toBe(before);
    }
    // Where everyone waits, sending the same text again changes nothing.
    await allow({ approval: 'everyone' });
    expect((await (await patch(comment.id, { text: 'Third take' }, ann.cookie)).json()).comment.status).toBe(
      'PUBLISHED',
    );
    expect(await publicTexts()).toEqual(['Third take']);
    expect(await shownComments()).toBe(before);
  });

  it('waits again when it is a reply, and the count loses it', async () => {
    const ann = await member('ann@example.com', 'Ann');
    const bob = await member('bob@example.com', 'Bob');
    const top = await created(await write({ text: 'Top' }, ann.cookie));
    const reply = await created(await write({ text: 'Agreed', parentId: top.id }, bob.cookie));
    const before = await shownComments();
    await allow({ approval: 'everyone' });
    const edited = await patch(reply.id, { text: 'Visit my shop' }, bob.cookie);
    expect((await edited.json()).comment).toMatchObject({ id: reply.id, status: 'PENDING' });
    expect(await publicTexts()).toEqual(['Top']);
    expect(await shownComments()).toBe(before - 1);
  });
});

describe('the owner’s moderation', () => {
  it('refuses anyone but the owner, and cross-site posts; nothing changes', async () => {
    const ann = await member('ann@example.com', 'Ann');
    const comment = await created(await write({ text: 'Stays' }, ann.cookie));
    const answers = [
      await moderate({ id: comment.id, action: 'hide' }, ''),
      await moderate({ id: comment.id, action: 'hide' }, ann.cookie),
      await moderate({ id: comment.id, action: 'hide' }, owner, { origin: 'https://evil.example' }),
      await moderate({ id: comment.id, action: 'hide' }, owner, { 'sec-fetch-site': 'cross-site' }),
    ];
    expect(answers.map((a) => a.status)).toEqual([401, 401, 403, 403]);
    expect((await mine(ann.cookie)).mine[0]).toMatchObject({ status: 'PUBLISHED' });
  });

  it('approves a pending comment, hides it, and deletes it', async () => {
    const ann = await member('ann@example.com', 'Ann');
    await allow({ approval: 'everyone' });
    const comment = await created(await write({ text: 'Please approve' }, ann.cookie));
    expect(comment.status).toBe('PENDING');
    const before = await shownComments();

    const approved = await moderate({ id: comment.id, action: 'approve' });
    expect([approved.status, approved.headers.get('location')]).toEqual([
      303,
      '/dashboard/comments?status=PENDING&done=approve',
    ]);
    expect((await mine(ann.cookie)).mine[0]).toMatchObject({ id: comment.id, status: 'PUBLISHED' });
    expect(await shownComments()).toBe(before + 1);
    expect(await queue('PENDING')).toEqual([]);

    const hidden = await moderate({ id: comment.id, action: 'hide', list: 'PUBLISHED' });
    expect([hidden.status, hidden.headers.get('location')]).toEqual([
      303,
      '/dashboard/comments?status=PUBLISHED&done=hide',
    ]);
    expect(await shownComments()).toBe(before);
    // Its writer still sees it, marked hidden.
    expect((await mine(ann.cookie)).mine).toEqual([
      expect.objectContaining({ id: comment.id, status: 'HIDDEN', text: 'Please approve' }),
    ]);
    expect((await queue('HIDDEN')).map((c) => c.id)).toEqual([comment.id]);

    const deleted = await moderate({ id: comment.id, action: 'delete', list: 'HIDDEN' });
    expect([deleted.status, deleted.headers.get('location')]).toEqual([
      303,
      '/dashboard/comments?status=HIDDEN&done=delete',
    ]);
    expect((await mine(ann.cookie)).mine).toEqual([]);
    expect(await shownComments()).toBe(before);
    expect(await stored()).toBe(0);

    // A list that is not one goes back to the pending ones; an unknown comment is a 404.
    await expectError(await moderate({ id: comment.id, action: 'approve' }), 404, 'WDE0073');
  });

  it('moves the count once however often a comment is approved or hidden', async () => {
    const ann = await member('ann@example.com', 'Ann');
    const comment = await created(await write({ text: 'Counted once' }, ann.cookie));
    const before = await shownComments();
    for (let i = 0; i < 2; i++) expect((await moderate({ id: comment.id, action: 'approve' })).status).toBe(303);
    expect(await shownComments()).toBe(before);
    for (let i = 0; i < 2; i++) expect((await moderate({ id: comment.id, action: 'hide' })).status).toBe(303);
    expect(await shownComments()).toBe(before - 1);
    // Its writer's edit keeps it hidden; their delete of a hidden comment leaves the count.
    expect((await (await patch(comment.id, { text: 'Changed' }, ann.cookie)).json()).comment.status).toBe('HIDDEN');
    expect((await remove(comment.id, ann.cookie)).status).toBe(200);
    expect(await shownComments()).toBe(before - 1);
  });

  it('blocks a writer: the comment is hidden and their session no longer signs them in', async () => {
    const bob = await member('bob@example.com', 'Bob');
    const comment = await created(await write({ text: 'Spam spam spam' }, bob.cookie));
    const before = await shownComments();
    const blocked = await moderate({ id: comment.id, action: 'block', list: 'nonsense' });
    expect([blocked.status, blocked.headers.get('location')]).toEqual([
      303,
      '/dashboard/comments?status=PENDING&done=block',
    ]);
    expect((await queue('HIDDEN')).map((c) => c.id)).toEqual([comment.id]);
    expect(await shownComments()).toBe(before - 1);
    expect(await mine(bob.cookie)).toEqual({ member: null, mine: [] });
    await expectError(await write({ text: 'More spam' }, bob.cookie), 401, 'WDE9401');
    expect((await siteMembers().login({ email: 'bob@example.com', password: PASSWORD })).loginState).not.toBe(
      LoginState.SUCCESS,
    );
  });

  it('refuses to block a visitor (the comment is hidden), an unknown action, and an unknown comment', async () => {
    await allow({ visitorsMayComment: 'on', approval: 'none' });
    const visitor = await created(await write({ name: 'Vic', text: 'Visiting' }));
    await expectError(await moderate({ id: visitor.id, action: 'block' }), 400, 'WDE0046');
    expect((await queue('HIDDEN')).map((c) => c.id)).toEqual([visitor.id]);

    const ann = await member('ann@example.com', 'Ann');
    const comment = await created(await write({ text: 'Stays' }, ann.cookie));
    await expectError(await moderate({ id: comment.id, action: 'publish' }), 400, 'WDE0051');
    await expectError(await moderate({ id: comment.id }), 400, 'WDE0051');
    await expectError(await moderate({ id: 'no-such-comment', action: 'hide' }), 404, 'WDE0073');
    await expectError(await moderate({ action: 'hide' }), 404, 'WDE0073');
    expect((await mine(ann.cookie)).mine[0]).toMatchObject({ status: 'PUBLISHED' });
  });

  it('saves the settings only from the owner and only with known fields and values', async () => {
    await allow({ visitorsMayComment: 'on', approval: 'visitors' });
    const saved = { visitorsMayComment: true, approval: 'visitors' };
    const refused = [
      await setSettings({ approval: 'everyone' }, ''),
      await setSettings({ approval: 'everyone' }, owner, { origin: 'https://evil.example' }),
      await setSettings({ approval: 'everyone', isAdmin: 'on' }, owner),
      await setSettings({ approval: 'sometimes' }, owner),
      await setSettings({ visitorsMayComment: 'yes', approval: 'none' }, owner),
      await setSettings({ visitorsMayComment: 'on' }, owner),
    ];
    expect(refused.map((a) => a.status)).toEqual([401, 403, 400, 400, 400, 400]);
    expect(await commentSettingsStore().get()).toEqual(saved);

    // An unticked box is not sent: visitors may no longer comment.
    await allow({ approval: 'none' });
    expect(await commentSettingsStore().get()).toEqual(DEFAULT_COMMENT_SETTINGS);
    await expectError(await write({ name: 'Vic', text: 'Hi' }), 401, 'WDE9401');
  });
});

describe('what readers write', () => {
  it('is stored as sent, cleaned of bidi overrides and control characters, and answered as plain text', async () => {
    await allow({ visitorsMayComment: 'on', approval: 'none' });
    const ann = await member('ann@example.com', 'Ann');
    const hostile =
      '<script>alert("x")</script>\u202Egnp.exe\u0007\u0000 <img src=x onerror=alert(1)>\r\n' +
      '&lt;b&gt; [link](javascript:alert(1)) \u2066isolated\u2069\uFEFF';
    const expected =
      '<script>alert("x")</script>gnp.exe <img src=x onerror=alert(1)>\n&lt;b&gt; [link](javascript:alert(1)) isolated';
    const answer = await write({ text: hostile }, ann.cookie);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    const comment = await created(answer);
    expect(comment.text).toBe(expected);

    const theirs = await read(ann.cookie);
    expect(theirs.headers.get('content-type')).toMatch(/^application\/json/);
    const raw = await theirs.text();
    // Neither escaped into HTML entities nor rendered: the same characters, in JSON.
    expect(raw).not.toContain('&lt;script');
    expect(JSON.parse(raw).mine[0].text).toBe(expected);
    expect((await queue('PUBLISHED'))[0]!.text).toBe(expected);

    const visitor = await created(await write({ name: '\u202EnimdA\u0007 <b>', text: 'Hi' }));
    expect(visitor.author.name).toBe('nimdA <b>');

    const edited = await patch(comment.id, { text: `  ${hostile}  ` }, ann.cookie);
    expect((await edited.json()).comment.text).toBe(expected);
  });
});

describe('the post’s cache tags', () => {
  it('are cleared after each write, edit and delete, in process (no request to its own webhook)', async () => {
    const ann = await member('ann@example.com', 'Ann');
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const tags = [
      [`comments:${POST}`, { expire: 0 }],
      [`metrics:${POST}`, { expire: 0 }],
    ];
    vi.mocked(revalidateTag).mockClear();
    const comment = await created(await write({ text: 'Tagged' }, ann.cookie));
    expect(vi.mocked(revalidateTag).mock.calls).toEqual(tags);
    vi.mocked(revalidateTag).mockClear();
    await patch(comment.id, { text: 'Tagged again' }, ann.cookie);
    expect(vi.mocked(revalidateTag).mock.calls).toEqual(tags);
    vi.mocked(revalidateTag).mockClear();
    await remove(comment.id, ann.cookie);
    expect(vi.mocked(revalidateTag).mock.calls).toEqual(tags);
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

it('answers other methods 405', async () => {
  expect((await postRoute.PUT(new Request(`${site}/api/posts/${POST}/comments`, { method: 'PUT' }))).status).toBe(405);
  expect((await commentRoute.GET(new Request(`${site}/api/comments/x`))).status).toBe(405);
  expect((await ownerRoute.GET(new Request(`${site}/api/owner/comments`))).status).toBe(405);
  expect((await settingsRoute.GET(new Request(`${site}/api/owner/comments/settings`))).status).toBe(405);
});
