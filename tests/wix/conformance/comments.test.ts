import { comments } from '@wix/comments';
import { members } from '@wix/members';
import { describe, expect, it } from 'vitest';
import { createWixComments, toRichContent } from '@/lib/comments/wix';
import { BLOG_APP_ID, type MemberWriter } from '@/lib/comments/types';
import { memoryTokenCache } from '@/lib/wix/tokens';
import { comment, COMMENT_ID, lastCursorPage, member, MEMBER_ID, REFERENCE_ID, tokens } from './fixtures';
import {
  API_KEY,
  CLIENT_ID,
  type Recorded,
  type Reply,
  SITE_ID,
  recorder,
  route,
  sdkClient,
  transportOf,
} from './recorder';

// Comments (lib/comments/wix): our provider, which calls @wix/comments's `comments` module (as the site, API key; or
// as the member, their access token) and @wix/members' `members` for the authors' names, against the same SDK
// functions called directly as the site: what our wrapping sends (its parameters, sorts, filters, paging) must be the
// SDK's request for the same operation.
// Our provider is handed the post's referenceId (lib/comments/reference-ids.ts maps the post's id to it).
// Fixtures: fixtures.ts (Comment, Member from the modules' index.typings.d.ts; ListCommentsByResourceResponse
// { comments, commentReplies, pagingMetadata } and QueryCommentsResponse { comments, pagingMetadata } from
// comments_comments/build/cjs/index.typings.d.ts; QueryMembersResponse { members, metadata } from members_members').

const REFRESH = 'OauthNG.JWS.refresh-ada';
const writer: MemberWriter = { kind: 'member', memberId: MEMBER_ID, name: 'Ada', sessionToken: 'session-ada' };
const one = { body: { comment: comment() } };
const names = { body: { members: [member], metadata: { count: 1 } } };

type Routes = [string, string | RegExp, Reply | ((r: Recorded) => Reply)][];

function setup(...routes: Routes) {
  const rec = recorder(
    route('POST', '/oauth2/token', { body: tokens(REFRESH) }),
    route('POST', '/members/v1/members/query', names),
    ...routes.map(([method, path, reply]) => route(method, path, reply)),
  );
  const ours = createWixComments({
    clientId: CLIENT_ID,
    apiKey: API_KEY,
    siteId: SITE_ID,
    memberRefreshToken: () => REFRESH,
    tokens: memoryTokenCache(),
    ...transportOf(rec),
  });
  return { rec, ours, sdk: sdkClient({ comments, members }, rec) };
}

const get: Routes[number] = ['GET', `/comments/v1/comments/${COMMENT_ID}`, one];
const auth = (rec: ReturnType<typeof setup>['rec'], path: string, method: string) =>
  rec.requests.find((r) => r.url.pathname === path && r.method === method)?.headers.get('authorization');

describe('conformance: comments (@wix/comments comments)', () => {
  it('list (a post’s thread): as comments.listCommentsByResource', async () => {
    const body = { comments: [comment()], commentReplies: {}, pagingMetadata: lastCursorPage };
    const { rec, ours, sdk } = setup(['GET', '/comments/v1/comments/list-by-resource', { body }]);
    const [mine] = await rec.calls(() => ours.list(REFERENCE_ID, { limit: 10, cursor: 'cursor-2' }));
    const theirs = await rec.one(() =>
      sdk.comments.listCommentsByResource(BLOG_APP_ID, {
        contextId: REFERENCE_ID,
        resourceId: REFERENCE_ID,
        commentSort: { order: 'NEWEST_FIRST' },
        replySort: { order: 'OLDEST_FIRST' },
        cursorPaging: { limit: 10, repliesLimit: 100, cursor: 'cursor-2' },
      }),
    );
    expect(mine).toEqual(theirs);
  });

  it('the authors’ names (list, queue): as members.queryMembers', async () => {
    const body = { comments: [comment()], commentReplies: {}, pagingMetadata: lastCursorPage };
    const { rec, ours, sdk } = setup(['GET', '/comments/v1/comments/list-by-resource', { body }]);
    const [, mine] = await rec.calls(() => ours.list(REFERENCE_ID, { limit: 10 }));
    const theirs = await rec.one(() =>
      sdk.members.queryMembers(
        { filter: { _id: { $in: [MEMBER_ID] } }, paging: { limit: 1 } },
        { fieldsets: ['PUBLIC'] },
      ),
    );
    expect(mine).toEqual(theirs);
  });

  it('mine (a member’s own, first page): as comments.queryComments', async () => {
    const body = { comments: [comment()], pagingMetadata: lastCursorPage };
    const { rec, ours, sdk } = setup(['POST', '/comments/v1/comments/query-cursor', { body }]);
    const mine = await rec.one(() => ours.mine(REFERENCE_ID, writer));
    const filter = {
      resourceId: { $eq: REFERENCE_ID },
      'author.memberId': { $eq: MEMBER_ID },
      status: { $in: ['PUBLISHED' as const, 'PENDING' as const, 'HIDDEN' as const] },
    };
    const theirs = await rec.one(() =>
      sdk.comments.queryComments({ filter, cursorPaging: { limit: 100 } }, { appId: BLOG_APP_ID }),
    );
    expect(mine).toEqual(theirs);
  });

  it('queue (the owner’s, a later page: the cursor alone): as comments.queryComments', async () => {
    const body = { comments: [], pagingMetadata: lastCursorPage };
    const { rec, ours, sdk } = setup(['POST', '/comments/v1/comments/query-cursor', { body }]);
    const mine = await rec.one(() => ours.queue('PENDING', { limit: 20, cursor: 'cursor-2' }));
    const theirs = await rec.one(() =>
      sdk.comments.queryComments({ cursorPaging: { limit: 20, cursor: 'cursor-2' } }, { appId: BLOG_APP_ID }),
    );
    expect(mine).toEqual(theirs);
  });

  it('create (as the member): as comments.createComment', async () => {
    const { rec, ours, sdk } = setup(['POST', '/comments/v1/comments', one]);
    const mine = await rec.one(() => ours.create({ postId: REFERENCE_ID, text: 'Hello\nWix' }, writer, 'PUBLISHED'));
    expect(auth(rec, '/comments/v1/comments', 'POST')).toBe(tokens().access_token);
    const theirs = await rec.one(() =>
      sdk.comments.createComment({
        appId: BLOG_APP_ID,
        contextId: REFERENCE_ID,
        resourceId: REFERENCE_ID,
        content: { richContent: toRichContent('Hello\nWix') },
      }),
    );
    expect(mine).toEqual(theirs);
  });

  it('create a reply (reads the parent, then as comments.createComment with parentComment)', async () => {
    const { rec, ours, sdk } = setup(get, ['POST', '/comments/v1/comments', one]);
    const [, mine] = await rec.calls(() =>
      ours.create({ postId: REFERENCE_ID, parentId: COMMENT_ID, text: 'Hi' }, writer, 'PUBLISHED'),
    );
    const theirs = await rec.one(() =>
      sdk.comments.createComment({
        appId: BLOG_APP_ID,
        contextId: REFERENCE_ID,
        resourceId: REFERENCE_ID,
        parentComment: { _id: COMMENT_ID },
        content: { richContent: toRichContent('Hi') },
      }),
    );
    expect(mine).toEqual(theirs);
  });

  it('a comment by id (edit, remove and the owner’s calls read it first): as comments.getComment', async () => {
    const { rec, ours, sdk } = setup(get);
    // Approving a PUBLISHED comment without a draft reads it (as the site), then only names its author.
    const [mine] = await rec.calls(() => ours.approve(COMMENT_ID));
    const theirs = await rec.one(() => sdk.comments.getComment(COMMENT_ID));
    expect(mine).toEqual(theirs);
  });

  it('edit (as the member, at the revision read): as comments.updateComment', async () => {
    const { rec, ours, sdk } = setup(get, ['PATCH', /./, one]);
    const [, mine] = await rec.calls(() => ours.edit(COMMENT_ID, 'Edited', writer, 'PUBLISHED'));
    expect(auth(rec, `/comments/v1/comments/${COMMENT_ID}`, 'PATCH')).toBe(tokens().access_token);
    const theirs = await rec.one(() =>
      sdk.comments.updateComment(COMMENT_ID, { revision: '1', content: { richContent: toRichContent('Edited') } }),
    );
    expect(mine).toEqual(theirs);
  });

  it('remove (as the member): as comments.deleteComment', async () => {
    const { rec, ours, sdk } = setup(get, ['DELETE', /./, { body: {} }]);
    const [, mine] = await rec.calls(() => ours.remove(COMMENT_ID, writer));
    expect(auth(rec, `/comments/v1/comments/${COMMENT_ID}`, 'DELETE')).toBe(tokens().access_token);
    const theirs = await rec.one(() => sdk.comments.deleteComment(COMMENT_ID));
    expect(mine).toEqual(theirs);
  });

  it('discard (the owner’s removal, as the site): as comments.deleteComment', async () => {
    const { rec, ours, sdk } = setup(get, ['DELETE', /./, { body: {} }]);
    const made = await rec.calls(() => ours.discard(COMMENT_ID));
    const mine = made.find((r) => r.method === 'DELETE');
    expect(auth(rec, `/comments/v1/comments/${COMMENT_ID}`, 'DELETE')).toBe(API_KEY);
    const theirs = await rec.one(() => sdk.comments.deleteComment(COMMENT_ID));
    expect(mine).toEqual(theirs);
  });

  it('approve a PENDING comment: as comments.moderateDraftContent(APPROVE)', async () => {
    const pending = { body: { comment: comment({ status: 'PENDING' }) } };
    const { rec, ours, sdk } = setup(
      ['GET', `/comments/v1/comments/${COMMENT_ID}`, pending],
      ['POST', /moderate$/, one],
    );
    const mine = (await rec.calls(() => ours.approve(COMMENT_ID))).find((r) => r.path.endsWith('/moderate'));
    const theirs = await rec.one(() =>
      sdk.comments.moderateDraftContent(COMMENT_ID, '1', { draftContentAction: 'APPROVE' }),
    );
    expect(mine).toEqual(theirs);
  });

  it('approve a HIDDEN comment: as comments.publishComment', async () => {
    const hidden = { body: { comment: comment({ status: 'HIDDEN' }) } };
    const { rec, ours, sdk } = setup(['GET', `/comments/v1/comments/${COMMENT_ID}`, hidden], ['PUT', /publish$/, one]);
    const mine = (await rec.calls(() => ours.approve(COMMENT_ID))).find((r) => r.path.endsWith('/publish'));
    const theirs = await rec.one(() => sdk.comments.publishComment(COMMENT_ID));
    expect(mine).toEqual(theirs);
  });

  it('hide: as comments.hideComment', async () => {
    const { rec, ours, sdk } = setup(['PUT', /hide$/, one]);
    const [mine] = await rec.calls(() => ours.hide(COMMENT_ID));
    const theirs = await rec.one(() => sdk.comments.hideComment(COMMENT_ID));
    expect(mine).toEqual(theirs);
  });
});
