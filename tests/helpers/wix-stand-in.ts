import { http } from 'msw';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { CollectionDeclaration } from '@/lib/data/model';
import { type WixDataConfig, createWixBackend } from '@/lib/data/wix';
import { wixCollectionOf } from '@/lib/data/wix/collections';
import { strictFakeWix } from './fake-wix';
import { BASE, CLIENT_ID, SITE } from './wix-members';
import { createWixStandIn, type StandInOptions } from '@/scripts/wix/stand-in';
import type { StandInMember } from '@/scripts/wix/stand-in-members';

// The Wix stand-in (scripts/wix/stand-in.ts) behind WIX_API_BASE_URL=http://wix.test for a test file, in process: every
// request the site makes there is answered by the stand-in, logged (`seen`, `to`), and none may reach *.wixapis.com
// (strictFakeWix). Its login page is at http://wix.test too: `signIn` goes through it as a member's browser would.

export { BASE };

/**
 * The environment of a site whose blog, members and plans are at the stand-in (withSite's): an OAuth app, and the
 * site's API key unless `apiKey` is null. Answers the key the stand-in should take.
 */
export function standInSiteEnv(secret: string, apiKey: string | null = 'IST.site-api-key') {
  return {
    env: {
      BLOG_SOURCE: 'wix',
      WIX_CLIENT_ID: CLIENT_ID,
      ...(apiKey && { WIX_API_KEY: apiKey, WIX_SITE_ID: 'site-1' }),
      WIX_API_BASE_URL: BASE,
      SITE_URL: SITE,
      SESSION_SECRET: secret,
    },
    apiKey: apiKey ?? undefined,
  };
}

export async function withWixStandIn(options: StandInOptions & { contentDir?: string } = {}) {
  const standIn = await createWixStandIn(options.contentDir ?? 'content', options);
  const fake = strictFakeWix(http.all(`${BASE}/*`, ({ request }) => standIn.fetch(request)));
  return { ...fake, standIn };
}

/**
 * A member signs in at Wix's hosted login page through the site's own routes (wix-login, the page's form, the
 * callback), as their browser would: the value of the site's member session cookie.
 */
export async function signIn(site: string, member: Pick<StandInMember, 'email' | 'password'>, next = '/') {
  const { GET: wixLogin } = await import('@/app/api/members/wix-login/route');
  const { GET: callback } = await import('@/app/api/members/callback/route');
  const start = await wixLogin(new Request(`${site}/api/members/wix-login?next=${encodeURIComponent(next)}`));
  const loginPage = new URL(start.headers.get('location')!);
  const loginCookie = start.headers
    .getSetCookie()
    .find((c) => c.startsWith('member_wix_login='))!
    .split(';')[0]!;
  expect(loginPage.origin).toBe(BASE);
  const page = await fetch(loginPage);
  expect(page.status).toBe(200);
  const form = new URLSearchParams({
    email: member.email!,
    password: member.password!,
    state: loginPage.searchParams.get('state')!,
    redirect_uri: loginPage.searchParams.get('redirect_uri')!,
  });
  const sent = await fetch(`${BASE}/_stand-in/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
    redirect: 'manual',
  });
  expect(sent.status).toBe(302);
  const back = await callback(new Request(sent.headers.get('location')!, { headers: { cookie: loginCookie } }));
  const session = back.headers
    .getSetCookie()
    .find((c) => c.startsWith('member_session='))
    ?.split(';')[0]
    ?.slice('member_session='.length);
  expect(session, `the callback answered ${back.status} ${back.headers.get('location')}`).toMatch(/^w1\./);
  return session!;
}

/** A comment written through the site's route by the member of `session` on post `postId` (201 expected). */
export async function commentAs(site: string, postId: string, session: string, body: Record<string, string>) {
  const { POST: write } = await import('@/app/api/posts/[postId]/comments/route');
  const response = await write(
    new Request(`${site}/api/posts/${postId}/comments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: site, cookie: `member_session=${session}` },
      body: JSON.stringify(body),
    }),
    { params: Promise.resolve({ postId }) },
  );
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { comment: { id: string; postId: string; status: string; text: string } }).comment;
}

export const DATA_API = `${BASE}/wix-data/v2`;
export const DATA_API_KEY = 'IST.test-data-api-key-0123456789';
export const DATA_SITE_ID = 'site-data-0001';

/**
 * The stand-in's CMS holding `declarations` (created as `wix setup` creates them), for the Wix Data backend's tests:
 * requests under /wix-data/v2 (`to('/items/query')`), a backend on it (the API key and site id it takes, 1 ms backoff),
 * and none of the stand-in's own faults after each test.
 */
export async function withWixData(declarations: CollectionDeclaration[]) {
  const { server, seen, to, standIn } = await withWixStandIn({
    collections: declarations.map(wixCollectionOf),
    apiKey: DATA_API_KEY,
    siteId: DATA_SITE_ID,
  });
  beforeAll(() => standIn.cms.ready, 60_000);
  afterEach(() => {
    expect(standIn.cms.faults).toEqual([]);
  });
  afterAll(() => standIn.close());
  const backend = (config: Partial<WixDataConfig> = {}) =>
    createWixBackend({ apiKey: DATA_API_KEY, siteId: DATA_SITE_ID, apiBaseUrl: BASE, retryBaseMs: 1, ...config });
  return { server, seen, faults: standIn.cms.faults, backend, to: (path: string) => to(`/wix-data/v2${path}`) };
}
