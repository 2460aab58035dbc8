import { createHash, randomBytes } from 'node:crypto';
import { posts } from '@wix/blog';
import { comments } from '@wix/comments';
import { members } from '@wix/members';
import { orders, plans } from '@wix/pricing-plans';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteClient, tokenClient } from '@/lib/wix/sdk-clients';
import { transportFor } from '@/lib/wix/transport';
import { type StandIn, startWixStandIn } from '@/scripts/wix/stand-in';
import type { StandInMember } from '@/scripts/wix/stand-in-members';
import { GOLD, SENTINEL, goldPlan, paidPost, planHolder } from '../helpers/wix-paid-post';

// The official SDK's own modules against the Wix stand-in on loopback, as a site that called them directly would:
// the stand-in must answer what the SDK reads (it renames `id` to `_id`, turns dates into Dates, throws on what it
// does not take), and what it answers must be what the typings promise: a paid post whole to the site's key and to
// the holder of its plan, its preview to another member; `referenceId` only with its fieldset; a comment filed under
// that reference, listed with its replies; a member's own orders and profile. The members' tokens come from the
// stand-in's OAuth app as a browser gets them: a redirect session, the hosted login page's form, the code exchanged
// with its PKCE verifier.

const CLIENT_ID = 'stand-in-sdk-client';
const API_KEY = 'IST.stand-in-sdk-key';
const ann = planHolder();
const bob = { id: 'member-bob', email: 'bob@example.com', password: 'bob-password-0123', profile: { nickname: 'Bob' } };

let wix: StandIn;
let transport: typeof fetch;
beforeAll(async () => {
  wix = await startWixStandIn('content', {
    posts: [paidPost],
    members: [ann, bob],
    plans: [goldPlan],
    clientId: CLIENT_ID,
    apiKey: API_KEY,
  });
  transport = transportFor({ apiBaseUrl: wix.url, retries: 0 });
});
afterAll(() => wix.close());

/** A member's access token, through the stand-in's OAuth app as Wix's hosted login gives it. */
async function accessTokenOf(who: Pick<StandInMember, 'email' | 'password'>) {
  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(8).toString('hex');
  const redirectUri = 'https://blog.example/api/members/callback';
  const session = await fetch(`${wix.url}/_api/redirects-api/v1/redirect-session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      auth: {
        authRequest: {
          clientId: CLIENT_ID,
          codeChallenge: createHash('sha256').update(verifier).digest('base64url'),
          codeChallengeMethod: 'S256',
          responseMode: 'query',
          responseType: 'code',
          scope: 'offline_access',
          state,
          redirectUri,
        },
        prompt: 'login',
      },
    }),
  }).then((r) => r.json() as Promise<{ redirectSession: { fullUrl: string } }>);
  const page = new URL(session.redirectSession.fullUrl);
  const form = new URLSearchParams({ email: who.email!, password: who.password!, state, redirect_uri: redirectUri });
  const back = await fetch(new URL('/_stand-in/login', page), { method: 'POST', body: form, redirect: 'manual' });
  const code = new URL(back.headers.get('location')!).searchParams.get('code');
  const grant = { clientId: CLIENT_ID, grantType: 'authorization_code', code, codeVerifier: verifier, redirectUri };
  const tokens = await fetch(`${wix.url}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(grant),
  }).then((r) => r.json() as Promise<{ access_token: string }>);
  // A code is taken once.
  const again = await fetch(`${wix.url}/oauth2/token`, { method: 'POST', body: JSON.stringify(grant) });
  expect(again.status).toBe(400);
  return tokens.access_token;
}

const text = (value: unknown) => JSON.stringify(value);

describe('the SDK against the Wix stand-in', () => {
  it('posts: a paid post whole to the site and to its plan holder, the preview to another member', async () => {
    const site = siteClient({ posts }, transport, API_KEY, 'site-1').posts;
    const whole = await site.getPostBySlug('paid-post', { fieldsets: ['RICH_CONTENT', 'REFERENCE_ID'] });
    expect(whole.post).toMatchObject({ _id: 'paid-1', preview: false, pricingPlanIds: [GOLD] });
    expect(whole.post?.referenceId).toMatch(/^[0-9a-f]{24}$/);
    expect(text(whole.post?.richContent)).toContain(SENTINEL);
    expect((await site.getPostBySlug('paid-post', {})).post?.referenceId).toBeUndefined();

    const asAnn = tokenClient({ posts }, transport, await accessTokenOf(ann)).posts;
    expect(text((await asAnn.getPostBySlug('paid-post', { fieldsets: ['RICH_CONTENT'] })).post)).toContain(SENTINEL);
    const asBob = tokenClient({ posts }, transport, await accessTokenOf(bob)).posts;
    const preview = (await asBob.getPostBySlug('paid-post', { fieldsets: ['RICH_CONTENT', 'CONTENT_TEXT'] })).post!;
    expect(preview.preview).toBe(true);
    expect(preview.richContent?.nodes).toHaveLength(2);
    expect(text(preview)).not.toContain(SENTINEL);
  });

  it('comments: filed under the post’s referenceId, listed with their replies; another resource is not found', async () => {
    const reference = (
      await siteClient({ posts }, transport, API_KEY, 'site-1').posts.getPostBySlug('paid-post', {
        fieldsets: ['REFERENCE_ID'],
      })
    ).post!.referenceId!;
    const APP = '14bcded7-0066-7c35-14d7-466cb3f09103';
    const paragraph = (t: string) => ({
      nodes: [{ type: 'PARAGRAPH' as const, nodes: [{ type: 'TEXT' as const, textData: { text: t } }] }],
    });
    const asBob = tokenClient({ comments }, transport, await accessTokenOf(bob)).comments;
    const first = await asBob.createComment({
      appId: APP,
      contextId: reference,
      resourceId: reference,
      content: { richContent: paragraph('First') },
    });
    expect(first).toMatchObject({ resourceId: reference, status: 'PUBLISHED', author: { memberId: bob.id } });
    expect(first._createdDate).toBeInstanceOf(Date);
    await asBob.createComment({
      appId: APP,
      contextId: reference,
      resourceId: reference,
      parentComment: { _id: first._id! },
      content: { richContent: paragraph('A reply') },
    });
    const site = siteClient({ comments }, transport, API_KEY, 'site-1').comments;
    const listed = await site.listCommentsByResource(APP, {
      contextId: reference,
      resourceId: reference,
      commentSort: { order: 'NEWEST_FIRST' },
      cursorPaging: { limit: 10, repliesLimit: 10 },
    });
    expect(listed.comments?.map((c) => c._id)).toEqual([first._id]);
    expect(text(listed.commentReplies?.[first._id!]?.replies)).toContain('A reply');
    expect((await site.getComment(first._id!))._id).toBe(first._id);
    // Under the post's own id, which the Comments API does not know as a blog resource.
    await expect(
      asBob.createComment({
        appId: APP,
        contextId: 'paid-1',
        resourceId: 'paid-1',
        content: { richContent: paragraph('x') },
      }),
    ).rejects.toMatchObject({ details: { applicationError: { code: 'NOT_FOUND' } } });
  });

  it('pricing plans and members: the public plans, a member’s own orders and profile', async () => {
    const site = siteClient({ plans }, transport, API_KEY, 'site-1').plans;
    const listed = await site.listPublicPlans({ limit: 100 });
    expect(listed.plans?.map((p) => [p._id, p.name])).toEqual([[GOLD, 'Gold']]);
    await expect(site.listPublicPlans({ limit: 101 })).rejects.toThrow();

    const token = await accessTokenOf(ann);
    const own = await tokenClient({ orders }, transport, token).orders.memberListOrders({ orderStatuses: ['ACTIVE'] });
    expect(own.orders?.map((o) => [o.planId, o.status])).toEqual([[GOLD, 'ACTIVE']]);
    await expect(
      siteClient({ orders }, transport, API_KEY, 'site-1').orders.memberListOrders({ orderStatuses: ['ACTIVE'] }),
    ).rejects.toThrow();
    const me = await tokenClient({ members }, transport, token).members.getCurrentMember({ fieldsets: ['FULL'] });
    expect(me.member).toMatchObject({ _id: ann.id, loginEmail: ann.email, profile: { nickname: 'Ann' } });
  });
});
