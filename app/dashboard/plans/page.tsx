import type { Metadata } from 'next';
import { OwnerNotice } from '@/components/dashboard/owner-notice';
import { PlanForms } from '@/components/dashboard/plan-forms';
import { listPosts } from '@/lib/blog/reads';
import { siteMemberAdmin } from '@/lib/members';
import { currentOwner } from '@/lib/owner';
import { planAdmin, planReaders, sitePlans } from '@/lib/plans';
import { billingText, priceText } from '@/lib/plans/view';

export const metadata: Metadata = { title: 'Plans' };

/** The paid posts are looked for among the latest this many. */
const LATEST = 100;

export default function PlansPage() {
  return (
    <>
      <h1>Plans and paid posts</h1>
      <Plans />
    </>
  );
}

// The paid posts (issue 30) with, for each, the plans that open it, how many readers met its paywall (the views of its
// public page, which everyone reads as the preview) and how many members read it in full with a plan. Locally the
// owner defines the plans and grants or revokes them per member here; at Wix, the Wix dashboard sells them.
async function Plans() {
  const owner = await currentOwner('/dashboard/plans');
  if (owner.kind !== 'owner') return <OwnerNotice kind={owner.kind} message={owner.message} />;
  const admin = planAdmin();
  const latest = await listPosts({ sort: 'PUBLISHED_DATE_DESC', paging: { limit: LATEST } });
  const paid = latest.items.filter((post) => post.pricingPlanIds.length > 0);
  const [readers, named] = await Promise.all([
    planReaders(paid.map((post) => post.id)).catch(() => new Map<string, number>()),
    sitePlans()
      .plans([...new Set(paid.flatMap((post) => post.pricingPlanIds))])
      .catch(() => []),
  ]);
  const nameOf = new Map(named.map((plan) => [plan.id, plan.name]));
  return (
    <>
      <section className="panel" aria-labelledby="paid-heading">
        <h2 id="paid-heading">
          {paid.length} paid post{paid.length === 1 ? '' : 's'}
          <span className="muted"> among the latest {LATEST}</span>
        </h2>
        {paid.length === 0 ? (
          <p>
            No post is for members with a plan. Mark one with{' '}
            <code>npm run blog -- update &lt;post&gt; --plans ID</code>
            {admin ? '' : ' or in the Wix dashboard'}.
          </p>
        ) : (
          <div className="table-scroll" tabIndex={0} role="region" aria-label="Paid posts, scrollable">
            <table className="metrics-table" data-testid="paid-posts">
              <thead>
                <tr>
                  <th scope="col">Post</th>
                  <th scope="col">Plans</th>
                  <th scope="col" className="num">
                    Met the paywall
                  </th>
                  <th scope="col" className="num">
                    Read with a plan
                  </th>
                </tr>
              </thead>
              <tbody>
                {paid.map((post) => (
                  <tr key={post.id} data-post-id={post.id}>
                    <th scope="row">
                      <a href={`/post/${encodeURIComponent(post.slug)}`}>{post.title || post.slug}</a>
                    </th>
                    <td>{post.pricingPlanIds.map((id) => nameOf.get(id) ?? id).join(', ')}</td>
                    <td className="num" data-metric="paywall">
                      {post.metrics?.views ?? 0}
                    </td>
                    <td className="num" data-metric="plan-readers">
                      {readers.get(post.id) ?? 0}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {admin ? (
        <LocalPlans admin={admin} />
      ) : (
        <section className="panel" aria-labelledby="plans-heading">
          <h2 id="plans-heading">Sold in the Wix dashboard</h2>
          <p>
            Plans are the site&rsquo;s Wix Pricing Plans: create, price and sell them in the Wix dashboard (Pricing
            Plans). A member holds a plan by an active order, and reads its posts in full from then on.
          </p>
        </section>
      )}
    </>
  );
}

async function LocalPlans({ admin }: { admin: NonNullable<ReturnType<typeof planAdmin>> }) {
  const [plans, grants, people] = await Promise.all([
    admin.list(),
    admin.grants(),
    siteMemberAdmin()?.listMembers({ skip: 0, limit: 200 }) ?? { members: [], total: 0 },
  ]);
  const rows = plans.map((plan) => ({
    id: plan.id,
    name: plan.name,
    price: `${priceText(plan)}${plan.price ? ` ${billingText(plan)}` : ''}`,
  }));
  const members = people.members.map((m) => ({
    id: m.id,
    label: `${m.displayName} (${m.email})`,
    plans: grants.get(m.id) ?? [],
  }));
  return <PlanForms plans={rows} members={members} />;
}
