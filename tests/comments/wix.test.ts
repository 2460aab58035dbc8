import { randomUUID } from 'node:crypto';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { createWixComments } from '@/lib/comments/wix';
import { BLOG_APP_ID, type MemberWriter } from '@/lib/comments/types';
import { strictFakeWix } from '../helpers/fake-wix';

// The Wix comments against a fake Wix (msw) at WIX_API_BASE_URL, in the Comments REST shapes (/comments/v1/comments:
// create, get, update with its revision, delete, publish, hide, list-by-resource with commentReplies, query-cursor) and
// the Members query for names: a member writes as themself (an access token from their session's refresh token), and
// Wix refuses someone else's comment with 403; the reads and the owner's moderation go as the site (API key).

const BASE = 'http://wix.test';
const API_KEY = 'IST.site-api-key';
const SITE = 'site-1';
const POST = '8e1cd74d-0746-47d2-b69e-ab7a6a51b539';
const OTHER_POST = '0a4f0a39-52a2-4d8a-9a6f-5d1f3d0c2e11';
/** refresh token → the member it signs in. */
const REFRESH = new Map([
  ['OauthNG.JWS.refresh-ada', 'member-ada'],
  ['OauthNG.JWS.refresh-bob', 'member-bob'],
]);
/** The members' public profiles Wix shows (member-eve has none), and the pictures they chose (Ada has one). */
const PROFILES = new Map([
  ['member-ada', 'Ada'],
  ['member-bob', 'Bob'],
]);
const ADA_PHOTO = 'https://static.wixstatic.com/media/ada_face~mv2.jpg';
const PHOTOS = new Map([['member-ada', ADA_PHOTO]]);

type Raw = Record<string, unknown> & {
  id: string;
  resourceId: string;
  status: string;
  author: { memberId?: string; visitorId?: string };
  parentComment?: { id: string };
  revision: string;
  createdDate: string;
};

/** The fake platform's comments, and how it treats new ones (PENDING: the site holds comments for approval). */
const store = new Map<string, Raw>();
let holdNew = false;
/** Whether the fake's moderation holds an edit of a published comment as its draft (`draftContent`). */
let holdEdits = false;
let clock = 0;
/** access token → refresh token it was issued for. */
const issued = new Map<string, string>();

const richText = (text: string) => ({
  nodes: [{ type: 'PARAGRAPH', id: 'x', nodes: [{ type: 'TEXT', id: '', textData: { text, decorations: [] } }] }],
});
const tick = () => new Date(Date.UTC(2025, 0, 1) + ++clock * 60_000).toISOString();

function seed(fields: Partial<Raw> & { text?: string }): Raw {
  const date = tick();
  const { text = 'seeded', ...rest } = fields;
  const raw: Raw = {
    id: randomUUID(),
    revision: '1',
    appId: BLOG_APP_ID,
    contextId: rest.resourceId ?? POST,
    resourceId: POST,
    status: 'PUBLISHED',
    author: { memberId: 'member-bob' },
    content: { richContent: richText(text) },
    createdDate: date,
    updatedDate: date,
    contentEdited: false,
    ...rest,
  };
  store.set(raw.id, raw);
  return raw;
}

const isSite = (request: Request) =>
  request.headers.get('authorization') === API_KEY && request.headers.get('wix-site-id') === SITE;
const memberOf = (request: Request) => REFRESH.get(issued.get(request.headers.get('authorization') ?? '') ?? '');
const unauthorized = () => HttpResponse.json({ message: 'unauthorized' }, { status: 401 });
const notFound = () =>
  HttpResponse.json({ message: 'not found', details: { applicationError: { code: 'NOT_FOUND' } } }, { status: 404 });
const denied = () =>
  HttpResponse.json(
    { message: 'denied', details: { applicationError: { code: 'PERMISSION_DENIED' } } },
    { status: 403 },
  );
const live = (id: string) => {
  const raw = store.get(id);
  return raw && raw.status !== 'DELETED' ? raw : undefined;
};
const newestFirst = (a: Raw, b: Raw) => b.createdDate.localeCompare(a.createdDate);
/** A cursor of the fake: the offset of the next page and what it pages through. */
const cursorOf = (offset: number, key: string) => Buffer.from(JSON.stringify({ offset, key })).toString('base64url');
const readCursor = (cursor: string) => JSON.parse(Buffer.from(cursor, 'base64url').toString()) as Record<string, never>;
const paging = (count: number, next: string | null) => ({
  count,
  cursors: next ? { next } : {},
  hasNext: next !== null,
});

/** The fake's filter: the fields and operators the Comments query reference lists. */
function matches(raw: Raw, filter: Record<string, Record<string, unknown>>): boolean {
  return Object.entries(filter).every(([field, condition]) => {
    const value = field === 'author.memberId' ? raw.author.memberId : (raw as Record<string, unknown>)[field];
    if ('$eq' in condition) return value === condition.$eq;
    if ('$in' in condition) return (condition.$in as unknown[]).includes(value);
    throw new Error(`the fake has no ${JSON.stringify(condition)}`);
  });
}

const { server, seen, to } = strictFakeWix(
  http.post(`${BASE}/oauth2/token`, async ({ request }) => {
    const body = (await request.json()) as Record<string, string>;
    expect(body).toMatchObject({ clientId: 'client-1', grantType: 'refresh_token' });
    if (!REFRESH.has(body.refreshToken!)) return HttpResponse.json({ message: 'invalid grant' }, { status: 400 });
    const token = `OauthNG.JWS.access-${issued.size + 1}`;
    issued.set(token, body.refreshToken!);
    return HttpResponse.json({ access_token: token, expires_in: 14400, refresh_token: body.refreshToken });
  }),
  http.get(`${BASE}/comments/v1/comments/list-by-resource`, ({ request }) => {
    if (!isSite(request)) return unauthorized();
    const q = new URL(request.url).searchParams;
    expect(q.get('appId')).toBe(BLOG_APP_ID);
    const cursor = q.get('cursorPaging.cursor');
    const offset = cursor ? Number(readCursor(cursor).offset) : 0;
    const limit = Number(q.get('cursorPaging.limit'));
    const all = [...store.values()]
      .filter((c) => c.resourceId === q.get('resourceId') && !c.parentComment && c.status === 'PUBLISHED')
      .sort(newestFirst);
    const comments = all.slice(offset, offset + limit);
    const commentReplies = Object.fromEntries(
      comments.map((c) => {
        const replies = [...store.values()]
          .filter((r) => r.parentComment?.id === c.id && r.status === 'PUBLISHED')
          .sort((a, b) => a.createdDate.localeCompare(b.createdDate))
          .slice(0, Number(q.get('cursorPaging.repliesLimit')));
        return [c.id, { replies, pagingMetadata: paging(replies.length, null) }];
      }),
    );
    const next = offset + limit < all.length ? cursorOf(offset + limit, 'list') : null;
    return HttpResponse.json({ comments, commentReplies, pagingMetadata: paging(comments.length, next) });
  }),
  http.post(`${BASE}/comments/v1/comments/query-cursor`, async ({ request }) => {
    if (!isSite(request)) return unauthorized();
    const body = (await request.json()) as {
      appId: string;
      query: { filter?: Record<string, Record<string, unknown>>; cursorPaging: { limit: number; cursor?: string } };
    };
    expect(body.appId).toBe(BLOG_APP_ID);
    const { cursor, limit } = body.query.cursorPaging;
    if (cursor && body.query.filter) return HttpResponse.json({ message: 'filter with cursor' }, { status: 400 });
    const state = cursor ? readCursor(cursor) : { offset: 0, key: JSON.stringify(body.query.filter) };
    const filter = JSON.parse(state.key) as Record<string, Record<string, unknown>>;
    // Query Comments sorts by id by default: no date order.
    const all = [...store.values()].filter((c) => matches(c, filter)).sort((a, b) => a.id.localeCompare(b.id));
    const comments = all.slice(state.offset, state.offset + limit);
    const next = state.offset + limit < all.length ? cursorOf(state.offset + limit, state.key) : null;
    return HttpResponse.json({ comments, pagingMetadata: paging(comments.length, next) });
  }),
  http.post(`${BASE}/comments/v1/comments`, async ({ request }) => {
    const memberId = memberOf(request);
    if (!memberId) return unauthorized();
    const { comment } = (await request.json()) as { comment: Raw & { content: unknown } };
    if (comment.parentComment && !live(comment.parentComment.id)) return notFound();
    const raw = seed({
      ...comment,
      author: { memberId },
      status: holdNew ? 'PENDING' : 'PUBLISHED',
    });
    return HttpResponse.json({ comment: raw });
  }),
  http.get(`${BASE}/comments/v1/comments/:id`, ({ request, params }) => {
    if (!isSite(request)) return unauthorized();
    const raw = live(String(params.id));
    return raw ? HttpResponse.json({ comment: raw }) : notFound();
  }),
  http.patch(`${BASE}/comments/v1/comments/:id`, async ({ request, params }) => {
    const memberId = memberOf(request);
    if (!memberId) return unauthorized();
    const raw = live(String(params.id));
    if (!raw) return notFound();
    if (raw.author.memberId !== memberId) return denied();
    const { comment } = (await request.json()) as { comment: Raw };
    if (comment.revision !== raw.revision) return HttpResponse.json({ message: 'revision' }, { status: 428 });
    Object.assign(raw, {
      // Held: readers keep the published content, the new one waits as the draft.
      ...(holdEdits && raw.status === 'PUBLISHED' ? { draftContent: comment.content } : { content: comment.content }),
      contentEdited: true,
      revision: String(Number(raw.revision) + 1),
      updatedDate: tick(),
    });
    return HttpResponse.json({ comment: raw });
  }),
  http.delete(`${BASE}/comments/v1/comments/:id`, ({ request, params }) => {
    const memberId = memberOf(request);
    if (!memberId && !isSite(request)) return unauthorized();
    const raw = live(String(params.id));
    if (!raw) return notFound();
    if (memberId && raw.author.memberId !== memberId) return denied();
    for (const c of store.values()) if (c.id === raw.id || c.parentComment?.id === raw.id) c.status = 'DELETED';
    return HttpResponse.json({});
  }),
  http.post(`${BASE}/comments/v1/comments/:id/moderate`, async ({ request, params }) => {
    if (!isSite(request)) return unauthorized();
    const raw = live(String(params.id));
    if (!raw) return notFound();
    const body = (await request.json()) as { commentId: string; revision: string; draftContentAction: string };
    expect(body).toEqual({ commentId: raw.id, revision: raw.revision, draftContentAction: 'APPROVE' });
    // APPROVE: the draft becomes the content, the comment is published.
    Object.assign(raw, {
      content: raw.draftContent,
      draftContent: undefined,
      status: 'PUBLISHED',
      revision: String(Number(raw.revision) + 1),
    });
    return HttpResponse.json({ comment: raw });
  }),
  http.put(`${BASE}/comments/v1/comments/:id/:action`, async ({ request, params }) => {
    if (!isSite(request)) return unauthorized();
    expect(await request.json()).toEqual({ commentId: params.id });
    const raw = live(String(params.id));
    if (!raw) return notFound();
    raw.status = params.action === 'publish' ? 'PUBLISHED' : 'HIDDEN';
    return HttpResponse.json({ comment: raw });
  }),
  http.post(`${BASE}/members/v1/members/query`, async ({ request }) => {
    if (!isSite(request)) return unauthorized();
    const body = (await request.json()) as { fieldsets: string[]; query: { filter: { id: { $in: string[] } } } };
    expect(body.fieldsets).toEqual(['PUBLIC']);
    const members = body.query.filter.id.$in
      .filter((id) => PROFILES.has(id))
      .map((id) => ({
        id,
        profile: { nickname: PROFILES.get(id), slug: id, ...(PHOTOS.has(id) && { photo: { url: PHOTOS.get(id) } }) },
      }));
    return HttpResponse.json({ members });
  }),
);

const comments = createWixComments({
  clientId: 'client-1',
  apiKey: API_KEY,
  siteId: SITE,
  memberRefreshToken: (token) => (token === 'ada-session' ? 'OauthNG.JWS.refresh-ada' : null),
  apiBaseUrl: BASE,
  retries: 0,
});
const ada: MemberWriter = { kind: 'member', memberId: 'member-ada', name: 'Ada', sessionToken: 'ada-session' };

/** Every error a test saw: none may carry a token or the API key. */
const thrown: unknown[] = [];
const failureOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).not.toBeNull();
  thrown.push(error);
  return error;
};

beforeEach(() => {
  store.clear();
  holdNew = false;
  holdEdits = false;
});

describe('Wix comments', () => {
  it('creates a member’s comment and reply as the member, in the Comments REST shape', async () => {
    const created = await comments.create({ postId: POST, text: 'Hello\n\nworld' }, ada, 'PUBLISHED');
    expect(created).toMatchObject({
      postId: POST,
      parentId: null,
      author: { memberId: 'member-ada', name: 'Ada' },
      text: 'Hello\n\nworld',
      status: 'PUBLISHED',
      edited: false,
    });
    expect(created.createdDate).toMatch(/^2025-01-01T/);
    const grant = to('/oauth2/token')[0]!.body;
    expect(grant).toEqual({
      clientId: 'client-1',
      grantType: 'refresh_token',
      refreshToken: 'OauthNG.JWS.refresh-ada',
    });
    const post = to('/comments/v1/comments')[0]!;
    expect(post.headers.get('authorization')).toMatch(/^OauthNG\.JWS\.access-/);
    expect(post.body).toEqual({
      comment: {
        appId: BLOG_APP_ID,
        contextId: POST,
        resourceId: POST,
        content: {
          richContent: {
            nodes: [
              {
                type: 'PARAGRAPH',
                id: 'p0',
                nodes: [{ type: 'TEXT', id: '', nodes: [], textData: { text: 'Hello', decorations: [] } }],
                paragraphData: {},
              },
              { type: 'PARAGRAPH', id: 'p1', nodes: [], paragraphData: {} },
              {
                type: 'PARAGRAPH',
                id: 'p2',
                nodes: [{ type: 'TEXT', id: '', nodes: [], textData: { text: 'world', decorations: [] } }],
                paragraphData: {},
              },
            ],
          },
        },
      },
    });

    // A reply names its parent; a reply to a reply joins the top-level comment's thread.
    const reply = await comments.create({ postId: POST, parentId: created.id, text: 'Agreed' }, ada, 'PUBLISHED');
    expect(reply.parentId).toBe(created.id);
    const nested = await comments.create({ postId: POST, parentId: reply.id, text: 'Me too' }, ada, 'PUBLISHED');
    expect(nested.parentId).toBe(created.id);
    const posts = to('/comments/v1/comments');
    expect((posts[2]!.body as { comment: unknown }).comment).toMatchObject({
      appId: BLOG_APP_ID,
      contextId: POST,
      resourceId: POST,
      parentComment: { id: created.id },
    });
  });

  it('refuses a visitor’s comment: Wix keeps no guest name (403, nothing sent)', async () => {
    const error = await failureOf(
      comments.create({ postId: POST, text: 'Hi' }, { kind: 'visitor', name: 'Eve' }, 'PUBLISHED'),
    );
    expect(error).toMatchObject({ status: 403, wde: 'WDE0027' });
    expect((error as Error).message).toMatch(/visitor/);
    expect(seen).toEqual([]);
  });

  it('answers the status Wix stored: a held comment is PENDING until the owner approves it', async () => {
    holdNew = true;
    const held = await comments.create({ postId: POST, text: 'Wait for me' }, ada, 'PENDING');
    expect(held.status).toBe('PENDING');
    expect((await comments.list(POST, { limit: 10 })).threads).toEqual([]);
    expect((await comments.mine(POST, ada)).map((c) => [c.id, c.status])).toEqual([[held.id, 'PENDING']]);
    const queue = await comments.queue('PENDING', { limit: 10 });
    const author = { memberId: 'member-ada', name: 'Ada', avatar: ADA_PHOTO };
    expect(queue).toEqual({ comments: [{ ...held, author }], cursor: null });
    expect(to('/comments/v1/comments/query-cursor').at(-1)!.body).toEqual({
      appId: BLOG_APP_ID,
      query: { filter: { status: { $eq: 'PENDING' } }, cursorPaging: { limit: 10 } },
    });
    expect(await comments.approve(held.id)).toMatchObject({ id: held.id, status: 'PUBLISHED' });
    expect((await comments.list(POST, { limit: 10 })).threads.map((t) => t.comment.id)).toEqual([held.id]);
  });

  it('lists published threads newest first with their published replies oldest first, page by page', async () => {
    const first = seed({ text: 'first', author: { memberId: 'member-bob' } });
    const reply1 = seed({ text: 'reply one', parentComment: { id: first.id }, author: { memberId: 'member-ada' } });
    seed({ text: 'hidden reply', parentComment: { id: first.id }, status: 'HIDDEN' });
    const reply2 = seed({ text: 'reply two', parentComment: { id: first.id }, author: { memberId: 'member-eve' } });
    const second = seed({ text: 'second', author: { visitorId: 'visitor-1' } });
    seed({ text: 'hidden', status: 'HIDDEN' });
    seed({ text: 'elsewhere', resourceId: OTHER_POST });
    const third = seed({ text: 'third\nline two', author: { memberId: 'member-ada' } });

    const page1 = await comments.list(POST, { limit: 2 });
    expect(page1.threads.map((t) => [t.comment.text, t.comment.author.name, t.replies.length])).toEqual([
      ['third\nline two', 'Ada', 0],
      ['second', 'Guest', 0],
    ]);
    expect(page1.threads[1]!.comment.author).toEqual({ memberId: null, name: 'Guest' });
    // The picture a member chose comes with their public name.
    expect(page1.threads[0]!.comment.author).toEqual({ memberId: 'member-ada', name: 'Ada', avatar: ADA_PHOTO });
    expect(page1.cursor).toEqual(expect.any(String));
    const list = to('/comments/v1/comments/list-by-resource')[0]!;
    expect(Object.fromEntries(list.url.searchParams)).toEqual({
      appId: BLOG_APP_ID,
      contextId: POST,
      resourceId: POST,
      'commentSort.order': 'NEWEST_FIRST',
      'replySort.order': 'OLDEST_FIRST',
      'cursorPaging.limit': '2',
      'cursorPaging.repliesLimit': '100',
    });
    expect(list.headers.get('authorization')).toBe(API_KEY);
    expect(list.headers.get('wix-site-id')).toBe(SITE);

    const page2 = await comments.list(POST, { limit: 2, cursor: page1.cursor });
    expect(to('/comments/v1/comments/list-by-resource')[1]!.url.searchParams.get('cursorPaging.cursor')).toBe(
      page1.cursor,
    );
    expect(page2.cursor).toBeNull();
    expect(page2.threads).toHaveLength(1);
    const [thread] = page2.threads;
    expect(thread!.comment).toMatchObject({
      id: first.id,
      text: 'first',
      author: { memberId: 'member-bob', name: 'Bob' },
    });
    expect(thread!.replies.map((r) => [r.id, r.parentId, r.author.name])).toEqual([
      [reply1.id, first.id, 'Ada'],
      [reply2.id, first.id, 'Member'],
    ]);
    // One names query per page, for the authors on it.
    const names = to('/members/v1/members/query');
    expect(names).toHaveLength(2);
    expect((names[1]!.body as { query: { filter: { id: { $in: string[] } } } }).query.filter.id.$in.sort()).toEqual([
      'member-ada',
      'member-bob',
      'member-eve',
    ]);
    expect(second.id).not.toBe(third.id);
  });

  it('lists a member’s own comments on a post whatever their status', async () => {
    const mine1 = seed({ text: 'published', author: { memberId: 'member-ada' } });
    const mine2 = seed({ text: 'held', author: { memberId: 'member-ada' }, status: 'PENDING' });
    const mine3 = seed({ text: 'taken down', author: { memberId: 'member-ada' }, status: 'HIDDEN' });
    seed({ text: 'gone', author: { memberId: 'member-ada' }, status: 'DELETED' });
    seed({ text: 'bob’s', author: { memberId: 'member-bob' } });
    seed({ text: 'other post', author: { memberId: 'member-ada' }, resourceId: OTHER_POST });

    const mine = await comments.mine(POST, ada);
    expect(mine.map((c) => [c.id, c.status, c.author.name])).toEqual([
      [mine1.id, 'PUBLISHED', 'Ada'],
      [mine2.id, 'PENDING', 'Ada'],
      [mine3.id, 'HIDDEN', 'Ada'],
    ]);
    expect(to('/comments/v1/comments/query-cursor')[0]!.body).toEqual({
      appId: BLOG_APP_ID,
      query: {
        filter: {
          resourceId: { $eq: POST },
          'author.memberId': { $eq: 'member-ada' },
          status: { $in: ['PUBLISHED', 'PENDING', 'HIDDEN'] },
        },
        cursorPaging: { limit: 100 },
      },
    });
  });

  it('finds a member’s newest comment on a post whatever its status, none for a visitor', async () => {
    seed({ text: 'old', author: { memberId: 'member-ada' }, createdDate: '2025-01-01T09:00:00Z' });
    const held = seed({
      text: 'held',
      author: { memberId: 'member-ada' },
      status: 'PENDING',
      createdDate: '2025-01-01T10:00:00Z',
    });
    seed({
      text: 'older id, newer time elsewhere',
      author: { memberId: 'member-ada' },
      resourceId: OTHER_POST,
      createdDate: '2025-01-01T11:00:00Z',
    });
    seed({ text: 'bob’s', author: { memberId: 'member-bob' }, createdDate: '2025-01-01T12:00:00Z' });
    expect(await comments.latest(POST, ada)).toMatchObject({ id: held.id, text: 'held', status: 'PENDING' });
    expect(await comments.latest(OTHER_POST, { ...ada, memberId: 'member-eve' })).toBeNull();
    const before = seen.length;
    expect(await comments.latest(POST, { kind: 'visitor', name: 'Eve' })).toBeNull();
    expect(seen).toHaveLength(before);
  });

  it('orders comments by their time whatever precision Wix writes it in (…10:00:00Z is before …10:00:00.500Z)', async () => {
    // A date-time is RFC 3339 (the Comment object's `format date-time`), whose fraction of a second is optional: a
    // Timestamp on a whole second goes out as `…00Z` (proto3 JSON writes 0, 3, 6 or 9 digits). The SDK answers Date
    // objects (@wix/auto_sdk_comments_comments, index.typings.d.ts, Comment._createdDate); compared as Wix's strings,
    // `…00Z` sorted after `…00.500Z`.
    const author = { memberId: 'member-ada' };
    seed({ text: 'later', author, createdDate: '2025-01-01T10:00:00.500Z' });
    seed({ text: 'earlier', author, createdDate: '2025-01-01T10:00:00Z' });
    seed({ text: 'hidden later', status: 'HIDDEN', createdDate: '2025-01-01T11:00:00.250Z' });
    seed({ text: 'hidden earlier', status: 'HIDDEN', createdDate: '2025-01-01T11:00:00Z' });

    const mine = await comments.mine(POST, ada);
    expect(mine.map((c) => [c.text, c.createdDate])).toEqual([
      ['earlier', '2025-01-01T10:00:00.000Z'],
      ['later', '2025-01-01T10:00:00.500Z'],
    ]);
    const queue = await comments.queue('HIDDEN', { limit: 10 });
    expect(queue.comments.map((c) => c.text)).toEqual(['hidden later', 'hidden earlier']);
  });

  it('edits the member’s own comment with its revision; someone else’s is 403', async () => {
    const own = seed({ text: 'typo', author: { memberId: 'member-ada' } });
    const edited = await comments.edit(own.id, 'fixed', ada, 'PUBLISHED');
    expect(edited).toMatchObject({ id: own.id, text: 'fixed', edited: true, author: { name: 'Ada' } });
    expect(edited.updatedDate > edited.createdDate).toBe(true);
    const patch = seen.find((r) => r.method === 'PATCH')!;
    expect(patch.url.pathname).toBe(`/comments/v1/comments/${own.id}`);
    expect(patch.headers.get('authorization')).toMatch(/^OauthNG\.JWS\.access-/);
    expect(patch.body).toEqual({
      comment: {
        id: own.id,
        revision: '1',
        content: {
          richContent: {
            nodes: [
              {
                type: 'PARAGRAPH',
                id: 'p0',
                nodes: [{ type: 'TEXT', id: '', nodes: [], textData: { text: 'fixed', decorations: [] } }],
                paragraphData: {},
              },
            ],
          },
        },
      },
    });

    const bobs = seed({ text: 'bob’s', author: { memberId: 'member-bob' } });
    expect(await failureOf(comments.edit(bobs.id, 'mine now', ada, 'PUBLISHED'))).toMatchObject({
      status: 403,
      wde: 'WDE0027',
    });
    expect(seen.filter((r) => r.method === 'PATCH')).toHaveLength(1);
    expect(live(bobs.id)!.content).toEqual({ richContent: richText('bob’s') });
  });

  it('shows an edit Wix holds to its writer as PENDING, readers the published text until the owner approves', async () => {
    holdEdits = true;
    const own = seed({ text: 'A fair point', author: { memberId: 'member-ada' } });
    const edited = await comments.edit(own.id, 'BUY CHEAP PILLS', ada, 'PENDING');
    expect(edited).toMatchObject({ id: own.id, text: 'BUY CHEAP PILLS', status: 'PENDING', edited: true });
    // Wix kept the published content: the public thread shows it, not the draft.
    const texts = async () => (await comments.list(POST, { limit: 10 })).threads.map((t) => t.comment.text);
    expect(await texts()).toEqual(['A fair point']);
    expect(await comments.mine(POST, ada)).toEqual([
      expect.objectContaining({ id: own.id, text: 'BUY CHEAP PILLS', status: 'PENDING' }),
    ]);

    // The owner's approval of a comment with a draft approves the draft (Moderate Draft Content), as the site.
    expect(await comments.approve(own.id)).toMatchObject({ id: own.id, text: 'BUY CHEAP PILLS', status: 'PUBLISHED' });
    const moderated = to(`/comments/v1/comments/${own.id}/moderate`);
    expect(moderated).toHaveLength(1);
    expect(moderated[0]!.headers.get('authorization')).toBe(API_KEY);
    expect(seen.some((r) => r.url.pathname.endsWith('/publish'))).toBe(false);
    expect(await texts()).toEqual(['BUY CHEAP PILLS']);
    expect((await comments.mine(POST, ada))[0]).toMatchObject({ status: 'PUBLISHED' });
  });

  it('answers Wix’s own PERMISSION_DENIED as 403', async () => {
    const own = seed({ text: 'mine', author: { memberId: 'member-ada' } });
    server.use(http.patch(`${BASE}/comments/v1/comments/:id`, () => denied()));
    expect(await failureOf(comments.edit(own.id, 'changed', ada, 'PUBLISHED'))).toMatchObject({
      status: 403,
      wde: 'WDE0027',
    });
  });

  it('removes the member’s own comment and its replies; someone else’s is 403', async () => {
    const own = seed({ text: 'regret', author: { memberId: 'member-ada' } });
    seed({ text: 'a reply', parentComment: { id: own.id } });
    const removed = await comments.remove(own.id, ada);
    expect(removed).toMatchObject({ id: own.id, text: 'regret', author: { memberId: 'member-ada', name: 'Ada' } });
    const del = seen.find((r) => r.method === 'DELETE')!;
    expect(del.url.pathname).toBe(`/comments/v1/comments/${own.id}`);
    expect(del.headers.get('authorization')).toMatch(/^OauthNG\.JWS\.access-/);
    expect([...store.values()].every((c) => c.status === 'DELETED')).toBe(true);

    const bobs = seed({ text: 'bob’s', author: { memberId: 'member-bob' } });
    expect(await failureOf(comments.remove(bobs.id, ada))).toMatchObject({ status: 403, wde: 'WDE0027' });
    expect(live(bobs.id)).toBeDefined();
    server.use(http.delete(`${BASE}/comments/v1/comments/:id`, () => denied()));
    const own2 = seed({ text: 'again', author: { memberId: 'member-ada' } });
    expect(await failureOf(comments.remove(own2.id, ada))).toMatchObject({ status: 403 });
  });

  it('answers 404 for a comment Wix does not have, and null to the owner', async () => {
    const unknown = randomUUID();
    expect(await failureOf(comments.edit(unknown, 'x', ada, 'PUBLISHED'))).toMatchObject({
      status: 404,
      wde: 'WDE0073',
    });
    expect(await failureOf(comments.remove(unknown, ada))).toMatchObject({ status: 404, wde: 'WDE0073' });
    expect(await failureOf(comments.edit('../../oauth2/token', 'x', ada, 'PUBLISHED'))).toMatchObject({ status: 404 });
    expect(
      await failureOf(comments.create({ postId: POST, parentId: unknown, text: 'x' }, ada, 'PUBLISHED')),
    ).toMatchObject({ status: 404, wde: 'WDE0073' });
    const hidden = seed({ text: 'hidden', status: 'HIDDEN' });
    expect(
      await failureOf(comments.create({ postId: POST, parentId: hidden.id, text: 'x' }, ada, 'PUBLISHED')),
    ).toMatchObject({ status: 404 });
    const elsewhere = seed({ text: 'elsewhere', resourceId: OTHER_POST });
    expect(
      await failureOf(comments.create({ postId: POST, parentId: elsewhere.id, text: 'x' }, ada, 'PUBLISHED')),
    ).toMatchObject({ status: 404 });
    expect(await comments.approve(unknown)).toBeNull();
    expect(await comments.hide(unknown)).toBeNull();
    expect(await comments.discard(unknown)).toBeNull();
    // An id that is no comment id never reaches a URL.
    expect(seen.some((r) => r.url.pathname.includes('..') || r.url.pathname.endsWith('/oauth2/token/'))).toBe(false);
  });

  it('lets the owner hide, approve and remove any comment, and page through the queue', async () => {
    const bobs = seed({ text: 'rude', author: { memberId: 'member-bob' } });
    expect(await comments.hide(bobs.id)).toMatchObject({ id: bobs.id, status: 'HIDDEN', author: { name: 'Bob' } });
    expect((await comments.list(POST, { limit: 10 })).threads).toEqual([]);
    expect(await comments.approve(bobs.id)).toMatchObject({ id: bobs.id, status: 'PUBLISHED' });
    const moderation = seen.filter((r) => r.method === 'PUT');
    expect(moderation.map((r) => r.url.pathname)).toEqual([
      `/comments/v1/comments/${bobs.id}/hide`,
      `/comments/v1/comments/${bobs.id}/publish`,
    ]);
    expect(moderation.every((r) => r.headers.get('authorization') === API_KEY)).toBe(true);

    const removed = await comments.discard(bobs.id);
    expect(removed).toMatchObject({ id: bobs.id, text: 'rude' });
    expect(live(bobs.id)).toBeUndefined();
    expect(seen.find((r) => r.method === 'DELETE')!.headers.get('authorization')).toBe(API_KEY);

    const hidden = [1, 2, 3].map((n) =>
      seed({ text: `hidden ${n}`, status: 'HIDDEN', resourceId: n === 2 ? OTHER_POST : POST }),
    );
    seed({ text: 'published' });
    const page1 = await comments.queue('HIDDEN', { limit: 2 });
    expect(page1.comments).toHaveLength(2);
    expect(page1.comments[0]!.createdDate > page1.comments[1]!.createdDate).toBe(true);
    const page2 = await comments.queue('HIDDEN', { limit: 2, cursor: page1.cursor });
    expect(page2.cursor).toBeNull();
    expect([...page1.comments, ...page2.comments].map((c) => c.id).sort()).toEqual(hidden.map((c) => c.id).sort());
    expect(to('/comments/v1/comments/query-cursor')[1]!.body).toEqual({
      appId: BLOG_APP_ID,
      query: { cursorPaging: { limit: 2, cursor: page1.cursor } },
    });
  });

  it('answers a Wix failure as the catalogue’s 502, a bad cursor as WDE0165, a bad session as 400', async () => {
    server.use(
      http.get(`${BASE}/comments/v1/comments/list-by-resource`, () =>
        HttpResponse.json({ message: 'boom' }, { status: 500 }),
      ),
      http.post(`${BASE}/comments/v1/comments`, () => HttpResponse.json({ message: 'boom' }, { status: 503 })),
    );
    expect(await failureOf(comments.list(POST, { limit: 5 }))).toMatchObject({ status: 502, wde: 'WDE0053' });
    expect(await failureOf(comments.create({ postId: POST, text: 'x' }, ada, 'PUBLISHED'))).toMatchObject({
      status: 502,
      wde: 'WDE0053',
    });
    server.resetHandlers();
    server.use(http.get(`${BASE}/comments/v1/comments/:id`, () => new HttpResponse('<html>', { status: 200 })));
    expect(await failureOf(comments.edit(randomUUID(), 'x', ada, 'PUBLISHED'))).toMatchObject({
      status: 502,
      wde: 'WDE0055',
    });
    server.resetHandlers();
    server.use(http.post(`${BASE}/comments/v1/comments/query-cursor`, () => HttpResponse.json({}, { status: 400 })));
    expect(await failureOf(comments.queue('PENDING', { limit: 5, cursor: 'stale' }))).toMatchObject({
      status: 400,
      wde: 'WDE0165',
    });
    expect(await failureOf(comments.queue('PENDING', { limit: 0 }))).toMatchObject({ status: 400, wde: 'WDE0035' });
    expect(
      await failureOf(comments.edit(randomUUID(), 'x', { ...ada, sessionToken: 'expired' }, 'PUBLISHED')),
    ).toMatchObject({
      status: 400,
    });
    server.resetHandlers();
  });

  it('puts no token and no API key in any error it threw', () => {
    expect(thrown.length).toBeGreaterThan(15);
    for (const error of thrown) {
      expect(error).toBeInstanceOf(Error);
      const message = (error as Error).message;
      expect(message).not.toMatch(/OauthNG|IST\.|refresh-ada|access-\d/);
      expect(message).not.toContain(API_KEY);
    }
  });
});
