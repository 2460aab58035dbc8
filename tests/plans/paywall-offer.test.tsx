import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { makePost } from '../helpers/posts';
import { joinMember, OPEN_MEMBERS, withSite } from '../helpers/site';

// A member holding a plan that opens a paid post saw "Join" on its public page (issue 47). The page stays the same for
// everyone (prerendered: the box offers the plans), and its island asks GET /api/members/paid-posts/{postId} whether
// this member's plans open the post: `{ open }` and nothing else (no plan, no paid text), private and never stored,
// asked of the plans now (a revoked grant closes it on the next call). Open, the island offers "Read on" to
// /read/{slug}.

const SENTINEL = 'Quixotrellis sentence only plan holders read';
const paragraph = (id: string, text: string) => ({
  type: 'PARAGRAPH',
  id,
  nodes: [{ type: 'TEXT', textData: { text, decorations: [] } }],
});
const paid = makePost(1, {
  slug: 'paid-post',
  pricingPlanIds: ['gold'],
  richContent: { nodes: [paragraph('p1', 'Free one'), paragraph('p2', SENTINEL)] } as never,
  previewBlocks: 1,
});
const free = makePost(2, { slug: 'free-post' });
const site = 'https://blog.example';
withSite(
  { SITE_URL: site, SESSION_SECRET: 'paywall-offer-test-secret-long-enough-0123456789', ...OPEN_MEMBERS },
  { content: [paid, free], database: true },
);

const { GET } = await import('@/app/api/members/paid-posts/[postId]/route');
const { planAdmin } = await import('@/lib/plans');
const { PaywallBox } = await import('@/components/post/paywall-box');
const { paidPostOpenApi } = await import('@/lib/plans/view');

vi.setConfig({ testTimeout: 30_000 });
let holder = { id: '', cookie: '' };
let other = { id: '', cookie: '' };
beforeAll(async () => {
  holder = await joinMember('holder@example.com', 'Holder');
  other = await joinMember('other@example.com', 'Other');
  const admin = planAdmin()!;
  await admin.define({ id: 'gold', name: 'Gold', price: null, billing: { kind: 'unlimited' } });
  await admin.define({ id: 'silver', name: 'Silver', price: null, billing: { kind: 'unlimited' } });
  await admin.grant(holder.id, 'gold');
  await admin.grant(other.id, 'silver');
}, 60_000);

const ask = (postId: string, cookie?: string) =>
  GET(new Request(`${site}${paidPostOpenApi(postId)}`, { headers: cookie ? { cookie } : {} }), {
    params: Promise.resolve({ postId }),
  });

describe('whether a paid post is open to the member asking', () => {
  it('is open to a member holding one of its plans, and says only that, privately', async () => {
    const answer = await ask(paid.id, holder.cookie);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    const text = await answer.text();
    expect(JSON.parse(text)).toEqual({ open: true });
    expect(text).not.toContain('Quixotrellis');
  });

  it('is closed to a visitor, to a member holding another plan, and to a forged session', async () => {
    for (const cookie of [undefined, other.cookie, 'member_session=forged']) {
      const answer = await ask(paid.id, cookie);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('private, no-store');
      expect(await answer.json()).toEqual({ open: false });
    }
  });

  it('closes on the next call once the grant is revoked; a free post is open; an unknown post is 404', async () => {
    expect(await (await ask(free.id, other.cookie)).json()).toEqual({ open: true });
    expect((await ask('no-such-post', holder.cookie)).status).toBe(404);
    await planAdmin()!.revoke(holder.id, 'gold');
    expect(await (await ask(paid.id, holder.cookie)).json()).toEqual({ open: false });
    await planAdmin()!.grant(holder.id, 'gold');
    expect(await (await ask(paid.id, holder.cookie)).json()).toEqual({ open: true });
  });

  it('answers GET only', async () => {
    const route = await import('@/app/api/members/paid-posts/[postId]/route');
    const post = await route.POST(new Request(`${site}${paidPostOpenApi(paid.id)}`, { method: 'POST' }), {
      params: Promise.resolve({ postId: paid.id }),
    } as never);
    expect(post.status).toBe(405);
  });
});

describe('the public page’s paywall box', () => {
  const plans = [{ id: 'gold', name: 'Gold', price: null, billing: { kind: 'unlimited' } } as const];

  it('is the same for everyone: the plans and "Join", the way in for a member; the island adds no words of its own', () => {
    const withIsland = renderToStaticMarkup(<PaywallBox slug="paid-post" plans={plans} postId={paid.id} />);
    const without = renderToStaticMarkup(<PaywallBox slug="paid-post" plans={plans} />);
    // The server's HTML is the offer (the island changes it only in a member's browser).
    expect(withIsland).toBe(without);
    expect(withIsland).toContain('<a class="button" href="/plans/checkout?plan=gold&amp;post=paid-post"');
    expect(withIsland).toContain('Have a plan? <a href="/read/paid-post">Sign in and read on</a>.');
    expect(withIsland).not.toContain('Read on<');
  });

  it('speaks the page’s language', () => {
    const spanish = renderToStaticMarkup(<PaywallBox slug="paid-post" plans={plans} postId={paid.id} language="es" />);
    expect(spanish).toContain('El resto de este artículo es para miembros con un plan');
    expect(spanish).toContain('aria-label="Unirme con Gold">Unirme</a>');
  });
});
