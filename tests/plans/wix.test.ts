import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createWixPlans } from '@/lib/plans/wix';
import { openingPlan } from '@/lib/plans/types';
import { memoryTokenCache } from '@/lib/wix/tokens';

// Plans at Wix against a fake Wix (msw) at WIX_API_BASE_URL, in Pricing Plans' REST shapes, as `@wix/pricing-plans`
// sends and reads them (the requests below are the SDK functions' own: lib/plans/wix.ts calls them):
// - plans.listPublicPlans: GET /pricing-plans/v2/plans/public?planIds=… (the URL map for www.wixapis.com in
//   @wix/auto_sdk_pricing-plans_plans build/cjs/index.js; its answer `{ plans: PublicPlan[] }`, PublicPlan's fields as
//   index.typings.d.ts has them: id, name, description, pricing { subscription | singlePaymentForDuration |
//   singlePaymentUnlimited, price { value, currency } }).
// - orders.memberListOrders: GET /pricing-plans/v2/member/orders?orderStatuses=ACTIVE as the member (Wix's docs: the
//   member-facing List Orders, /pricing-plans/v2/member/orders; dev.wix.com/docs/api-reference/business-solutions/
//   pricing-plans/skills/find-and-manage-pricing-plan-orders); Order's fields: id, planId, planName, status.
// - redirects.createRedirectSession { paidPlansCheckout: { planId }, callbacks: { postFlowUrl, thankYouPageUrl } }.

const BASE = 'http://wix.test';
const GOLD = '3c3e7e52-4d5d-4f2e-9d0b-6c1f8e0e0a01';
const YEAR = '3c3e7e52-4d5d-4f2e-9d0b-6c1f8e0e0a02';
const MEMBER_REFRESH = 'OauthNG.JWS.member-refresh';

/** The member's orders at the fake Wix: a test ends one to see the post close. */
let orders: Array<{ id: string; planId: string; planName: string; status: string }> = [];
/** More public plans than one default page (the call lists 75 unless told: ListPublicPlansRequest `limit`). */
let morePlans: Array<{ id: string; name: string; pricing: Record<string, unknown> }> = [];
/** A page as Wix pages an offset list: `limit` (its default and its maximum) from `offset`. */
const pageOf = <T>(url: URL, list: T[], byDefault: number, max: number) => {
  const limit = Math.min(Number(url.searchParams.get('limit') ?? byDefault), max);
  const offset = Number(url.searchParams.get('offset') ?? 0);
  return {
    items: list.slice(offset, offset + limit),
    pagingMetadata: { count: list.slice(offset, offset + limit).length, offset, total: list.length },
  };
};
const seen: Array<{ method: string; url: URL; auth: string | null; body: unknown }> = [];
const issued = new Map<string, string>();

const server = setupServer(
  http.post(`${BASE}/oauth2/token`, async ({ request }) => {
    const body = (await request.json()) as Record<string, string>;
    const refresh = body.grantType === 'anonymous' ? 'OauthNG.JWS.visitor-refresh' : body.refreshToken!;
    const access = `OauthNG.JWS.access-${issued.size + 1}`;
    issued.set(access, refresh);
    return HttpResponse.json({ access_token: access, expires_in: 14400, refresh_token: refresh });
  }),
  http.get(`${BASE}/pricing-plans/v2/plans/public`, ({ request }) => {
    const ids = new URL(request.url).searchParams.getAll('planIds');
    const all = [
      {
        id: GOLD,
        name: 'Gold',
        description: 'Every post, every month',
        perks: { values: ['Every paid post'] },
        pricing: {
          subscription: { cycleDuration: { count: 1, unit: 'MONTH' }, cycleCount: 0 },
          price: { value: '4.99', currency: 'EUR' },
        },
        public: true,
        primary: false,
        slug: 'gold',
      },
      {
        id: YEAR,
        name: 'A year of posts',
        pricing: { singlePaymentForDuration: { count: 1, unit: 'YEAR' }, price: { value: '40', currency: 'USD' } },
        public: true,
        primary: false,
        slug: 'a-year',
      },
    ];
    const { items, pagingMetadata } = pageOf(
      new URL(request.url),
      [...all, ...morePlans].filter((plan) => ids.length === 0 || ids.includes(plan.id)),
      75,
      100,
    );
    return HttpResponse.json({ plans: items, pagingMetadata });
  }),
  http.get(`${BASE}/pricing-plans/v2/member/orders`, ({ request }) => {
    const who = issued.get(request.headers.get('authorization') ?? '');
    if (who !== MEMBER_REFRESH) return HttpResponse.json({ message: 'forbidden' }, { status: 403 });
    const statuses = new URL(request.url).searchParams.getAll('orderStatuses');
    // MemberListOrdersOptions `limit`: default and max 50.
    const { items, pagingMetadata } = pageOf(
      new URL(request.url),
      orders.filter((order) => statuses.length === 0 || statuses.includes(order.status)),
      50,
      50,
    );
    return HttpResponse.json({ orders: items, pagingMetadata });
  }),
  http.post(`${BASE}/_api/redirects-api/v1/redirect-session`, async ({ request }) => {
    const body = (await request.json()) as { paidPlansCheckout?: { planId: string } };
    return HttpResponse.json({
      redirectSession: {
        id: 'rs-1',
        fullUrl: `https://site.example/_api/oauth2/checkout?plan=${body.paidPlansCheckout?.planId}`,
      },
    });
  }),
);
server.events.on('request:start', async ({ request }) => {
  const text = request.method === 'GET' ? '' : await request.clone().text();
  seen.push({
    method: request.method,
    url: new URL(request.url),
    auth: request.headers.get('authorization'),
    body: text ? JSON.parse(text) : null,
  });
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  seen.length = 0;
});
afterAll(() => server.close());

const plans = (apiKey?: string) =>
  createWixPlans({
    apiBaseUrl: BASE,
    clientId: 'client-1',
    ...(apiKey ? { apiKey, siteId: 'site-1' } : {}),
    memberRefreshToken: (session) => (session === 'member-session' ? MEMBER_REFRESH : null),
    tokens: memoryTokenCache(),
    retries: 0,
  });
const member = { id: 'member-1', sessionToken: 'member-session' };

describe('plans at Wix (Pricing Plans)', () => {
  it('names the plans a post gives, with their prices and periods, read with the API key', async () => {
    expect(await plans('api-key').plans([YEAR, 'not-a-plan', GOLD])).toEqual([
      {
        id: YEAR,
        name: 'A year of posts',
        price: { value: '40', currency: 'USD' },
        billing: { kind: 'duration', count: 1, unit: 'YEAR' },
      },
      {
        id: GOLD,
        name: 'Gold',
        description: 'Every post, every month',
        price: { value: '4.99', currency: 'EUR' },
        billing: { kind: 'recurring', count: 1, unit: 'MONTH' },
      },
    ]);
    const [request] = seen;
    expect(request!.url.pathname).toBe('/pricing-plans/v2/plans/public');
    expect(request!.url.searchParams.getAll('planIds')).toEqual([YEAR, 'not-a-plan', GOLD]);
    expect(request!.auth).toBe('api-key');
  });

  it('without an API key, reads them as the site’s visitor', async () => {
    expect((await plans().plans([GOLD])).map((p) => p.name)).toEqual(['Gold']);
    expect(seen.map((r) => r.url.pathname)).toEqual(['/oauth2/token', '/pricing-plans/v2/plans/public']);
    expect(seen[1]!.auth).toMatch(/^OauthNG\.JWS\.access-/);
  });

  it('a member holds the plans of their ACTIVE orders, asked as the member; an order that ends closes the post', async () => {
    const post = { pricingPlanIds: [GOLD] };
    orders = [
      { id: 'order-1', planId: GOLD, planName: 'Gold', status: 'ACTIVE' },
      { id: 'order-0', planId: YEAR, planName: 'A year of posts', status: 'ENDED' },
    ];
    const site = plans('api-key');
    expect(openingPlan(post, await site.held(member))).toEqual({ planId: GOLD, planName: 'Gold' });
    const asked = seen.find((r) => r.url.pathname === '/pricing-plans/v2/member/orders')!;
    expect(asked.url.searchParams.getAll('orderStatuses')).toEqual(['ACTIVE']);
    expect(issued.get(asked.auth!)).toBe(MEMBER_REFRESH);

    orders = [{ id: 'order-1', planId: GOLD, planName: 'Gold', status: 'ENDED' }];
    expect(openingPlan(post, await site.held(member))).toBeNull();
    // A session Wix cannot act for holds nothing, and Wix is not asked.
    seen.length = 0;
    expect(await site.held({ id: 'x', sessionToken: 'forged' })).toEqual([]);
    expect(seen).toEqual([]);
  });

  it('reads every plan a post names and every ACTIVE order of the member, past a page of either', async () => {
    const id = (n: number) => `3c3e7e52-4d5d-4f2e-9d0b-${String(n).padStart(12, '0')}`;
    morePlans = Array.from({ length: 90 }, (_, n) => ({
      id: id(100 + n),
      name: `Plan ${n}`,
      pricing: { price: { value: '1', currency: 'EUR' } },
    }));
    const site = plans('api-key');
    const named = [GOLD, ...morePlans.map((plan) => plan.id)];
    expect((await site.plans(named)).map((plan) => plan.id)).toEqual(named);

    // Sixty active orders: the one that opens the post is on the second page.
    orders = Array.from({ length: 60 }, (_, n) => ({
      id: `order-${n}`,
      planId: id(n === 55 ? 7 : 200 + n),
      planName: `Plan ${n}`,
      status: 'ACTIVE',
    }));
    expect(openingPlan({ pricingPlanIds: [id(7)] }, await site.held(member))).toEqual({
      planId: id(7),
      planName: 'Plan 55',
    });
    const pages = seen.filter((r) => r.url.pathname === '/pricing-plans/v2/member/orders');
    expect(pages.map((r) => r.url.searchParams.get('offset') ?? '0')).toEqual(['0', '50']);
    morePlans = [];
  });

  it('the checkout is Wix’s hosted page for the plan, made as the member, coming back to the post', async () => {
    const url = await plans('api-key').checkoutUrl(GOLD, 'https://blog.example/read/paid-post', member);
    expect(url).toBe(`https://site.example/_api/oauth2/checkout?plan=${GOLD}`);
    const session = seen.find((r) => r.url.pathname.endsWith('/redirect-session'))!;
    expect(session.body).toEqual({
      paidPlansCheckout: { planId: GOLD },
      callbacks: {
        postFlowUrl: 'https://blog.example/read/paid-post',
        thankYouPageUrl: 'https://blog.example/read/paid-post',
      },
    });
    expect(issued.get(session.auth!)).toBe(MEMBER_REFRESH);
  });
});
