import { orders, plans } from '@wix/pricing-plans';
import { redirects } from '@wix/redirects';
import { errors } from '@/lib/core/errors';
import { callAsHolder, siteClient } from '@/lib/wix/sdk-clients';
import { type TokenSettings, wixTokens } from '@/lib/wix/tokens';
import { type TransportSettings, UpstreamFailure, transportFor } from '@/lib/wix/transport';
import { toCatalogueError } from '@/lib/wix/upstream';
import { visitorClient } from '@/lib/wix/visitor-client';
import type { HeldPlan, PeriodUnit, Plan, SitePlans } from './types';

// Plans at Wix: the site's Pricing Plans, through `@wix/pricing-plans`' typed modules.
//
//   plans.listPublicPlans            GET  /pricing-plans/v2/plans/public?planIds=…&limit=100
//                                    (API key, else the visitor; 100 ids a call)
//   orders.memberListOrders          GET  /pricing-plans/v2/member/orders?orderStatuses=ACTIVE&limit=50&offset=…
//                                    (as the member, every page)
//   redirects.createRedirectSession  POST /redirect-session/v1/redirect-session   (as the member, else the visitor)
//                                    { paidPlansCheckout: { planId }, callbacks: { postFlowUrl, thankYouPageUrl } }
//
// A member holds a plan by an ACTIVE order of it, asked of Wix on each request the member makes for a paid post: an
// order that ended or was cancelled stops opening its posts at once. The checkout is Wix's hosted page, made as the
// member so the order is theirs, coming back to the post (postFlowUrl is also where an abandoned checkout returns).

export interface WixPlansSettings extends TransportSettings, TokenSettings {
  clientId?: string;
  apiKey?: string;
  siteId?: string;
  /** The refresh token a member's session cookie holds, or null (expired, forged). */
  memberRefreshToken(sessionToken: string): string | null;
}

/** Plans asked for in one listPublicPlans call, and listed back. */
const PLANS_PER_CALL = 100;
/** A member's orders a page, and the most pages read (a member holds a handful of plans). */
const ORDERS_PER_PAGE = 50;
const MAX_ORDER_PAGES = 20;

/**
 * A member's ACTIVE orders at Wix, asked as the member (their own token): 50 a page (MemberListOrdersOptions `limit`:
 * default and max 50, then `offset`), until a page comes back short or the total is reached. The paywall's `held` and
 * the account page's plans (member-plans.ts) read the same.
 */
export async function memberActiveOrders(
  tokens: ReturnType<typeof wixTokens>,
  refreshToken: string,
  reads: ReturnType<typeof transportFor>,
): Promise<orders.Order[]> {
  const active: orders.Order[] = [];
  for (let page = 0; page < MAX_ORDER_PAGES; page++) {
    const offset = page * ORDERS_PER_PAGE;
    const answer = await callAsHolder(tokens, refreshToken, { orders }, reads, 'the member', (client) =>
      client.orders.memberListOrders({ orderStatuses: ['ACTIVE'], limit: ORDERS_PER_PAGE, offset }),
    ).catch((error: unknown) => {
      throw error instanceof UpstreamFailure ? error.blogError : toCatalogueError(error, "the member's plans");
    });
    const list = answer.orders ?? [];
    active.push(...list);
    const total = answer.pagingMetadata?.total;
    if (list.length < ORDERS_PER_PAGE || (typeof total === 'number' && offset + list.length >= total)) break;
  }
  return active;
}

const UNITS: readonly PeriodUnit[] = ['DAY', 'WEEK', 'MONTH', 'YEAR'];
const unitOf = (unit: unknown): PeriodUnit => (UNITS.includes(unit as PeriodUnit) ? (unit as PeriodUnit) : 'MONTH');

/** A Wix public plan as the site shows it (its SDK form: `_id`, `pricing.price`, one pricing model). */
export function planOfWix(plan: plans.PublicPlan): Plan {
  const pricing = plan.pricing ?? {};
  const price = pricing.price && Number(pricing.price.value) > 0 ? pricing.price : null;
  const billing: Plan['billing'] = pricing.subscription
    ? {
        kind: 'recurring',
        count: pricing.subscription.cycleDuration?.count ?? 1,
        unit: unitOf(pricing.subscription.cycleDuration?.unit),
      }
    : pricing.singlePaymentForDuration
      ? {
          kind: 'duration',
          count: pricing.singlePaymentForDuration.count ?? 1,
          unit: unitOf(pricing.singlePaymentForDuration.unit),
        }
      : { kind: 'unlimited' };
  return {
    id: plan._id!,
    name: plan.name ?? '',
    ...(plan.description ? { description: plan.description } : {}),
    price: price ? { value: String(price.value), currency: String(price.currency) } : null,
    billing,
  };
}

export function createWixPlans(settings: WixPlansSettings): SitePlans {
  const reads = transportFor(settings);
  const writes = transportFor(settings, false);
  const tokens = settings.clientId
    ? wixTokens({ clientId: settings.clientId, transport: reads, cache: settings.tokens })
    : null;
  const caught = (what: string) => (error: unknown) => {
    throw error instanceof UpstreamFailure ? error.blogError : toCatalogueError(error, what);
  };

  /** A client of `modules` as the site: its API key, else its own visitor (an OAuth app's anonymous grant). */
  async function asSite<M extends Parameters<typeof siteClient>[0]>(modules: M, transport = reads) {
    if (settings.apiKey && settings.siteId) return siteClient(modules, transport, settings.apiKey, settings.siteId);
    if (!tokens) throw errors.upstreamFailed('Wix plans need an API key or an OAuth app (WIX_CLIENT_ID)');
    return visitorClient(tokens, modules, transport, "the site's visitor token");
  }

  return {
    async plans(ids) {
      if (ids.length === 0) return [];
      const client = await asSite({ plans });
      // At most 100 ids a call, and as many plans back: the call lists 75 unless told (ListPublicPlansRequest `limit`,
      // default 75, max 100; `planIds` @maxSize 100, in @wix/auto_sdk_pricing-plans_plans).
      const answered: plans.PublicPlan[] = [];
      for (let start = 0; start < ids.length; start += PLANS_PER_CALL) {
        const planIds = ids.slice(start, start + PLANS_PER_CALL);
        const answer = await client.plans
          .listPublicPlans({ planIds, limit: PLANS_PER_CALL })
          .catch(caught('the plans'));
        answered.push(...(answer.plans ?? []));
      }
      const byId = new Map(answered.filter((p) => p._id).map((p) => [p._id!, planOfWix(p)]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    async offered() {
      const client = await asSite({ plans });
      const answer = await client.plans.listPublicPlans({ limit: PLANS_PER_CALL }).catch(caught('the plans'));
      return (answer.plans ?? []).filter((p) => p._id).map(planOfWix);
    },

    async held(member) {
      const refreshToken = settings.memberRefreshToken(member.sessionToken);
      if (!refreshToken || !tokens) return [];
      return (await memberActiveOrders(tokens, refreshToken, reads)).flatMap((order): HeldPlan[] =>
        order.status === 'ACTIVE' && order.planId ? [{ planId: order.planId, planName: order.planName ?? '' }] : [],
      );
    },

    async checkoutUrl(planId, returnTo, member) {
      const refreshToken = member && tokens ? settings.memberRefreshToken(member.sessionToken) : null;
      const session = {
        paidPlansCheckout: { planId },
        callbacks: { postFlowUrl: returnTo, thankYouPageUrl: returnTo },
      };
      const answer = await (
        refreshToken && tokens
          ? callAsHolder(tokens, refreshToken, { redirects }, writes, 'the member', (client) =>
              client.redirects.createRedirectSession(session),
            )
          : asSite({ redirects }, writes).then((client) => client.redirects.createRedirectSession(session))
      ).catch(caught('the checkout'));
      const url = answer.redirectSession?.fullUrl;
      if (!url || !/^https:\/\//.test(url)) throw errors.upstreamUnparseable('Wix answered the checkout without a URL');
      return url;
    },
  };
}
