interface PlanRow {
  id: string;
  name: string;
  /** "€4.99 a month". */
  price: string;
}

interface MemberRow {
  id: string;
  label: string;
  /** The plan ids they hold. */
  plans: string[];
}

/**
 * The owner's local plans (no Wix Pricing Plans): define one, remove one, and grant or revoke plans per member. Plain
 * forms posting to /api/owner/plans, so they work without JavaScript; no payment is taken here.
 */
export function PlanForms({ plans, members }: { plans: PlanRow[]; members: MemberRow[] }) {
  const nameOf = new Map(plans.map((p) => [p.id, p.name]));
  return (
    <>
      <section className="panel" aria-labelledby="plans-heading">
        <h2 id="plans-heading">
          {plans.length} plan{plans.length === 1 ? '' : 's'}
        </h2>
        {plans.length > 0 && (
          <ul className="plan-list" data-testid="plan-list">
            {plans.map((plan) => (
              <li key={plan.id}>
                <strong>{plan.name}</strong> <span className="muted">{plan.price}</span>{' '}
                <code className="muted">{plan.id}</code>
                <form method="post" action="/api/owner/plans" className="plan-remove">
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="planId" value={plan.id} />
                  <button type="submit">Remove</button>
                </form>
              </li>
            ))}
          </ul>
        )}
        <form method="post" action="/api/owner/plans" className="plan-form">
          <input type="hidden" name="intent" value="define" />
          <label>
            Name <input name="name" required maxLength={50} />
          </label>
          <label>
            Description <input name="description" maxLength={450} />
          </label>
          <label>
            Price <input name="price" inputMode="decimal" pattern="\d{1,9}(\.\d{1,3})?" placeholder="0 for free" />
          </label>
          <label>
            Currency <input name="currency" maxLength={3} defaultValue="EUR" pattern="[A-Za-z]{3}" />
          </label>
          <label>
            Billing
            <select name="billing" defaultValue="recurring">
              <option value="recurring">Every period, until cancelled</option>
              <option value="duration">Once, for one period</option>
              <option value="unlimited">Once, for good</option>
            </select>
          </label>
          <label>
            Period
            <span className="plan-form__period">
              <input name="periodCount" type="number" min={1} max={2000} defaultValue={1} aria-label="Periods" />
              <select name="periodUnit" defaultValue="MONTH" aria-label="Period unit">
                <option value="DAY">days</option>
                <option value="WEEK">weeks</option>
                <option value="MONTH">months</option>
                <option value="YEAR">years</option>
              </select>
            </span>
          </label>
          <button type="submit">Add the plan</button>
        </form>
      </section>
      <section className="panel" aria-labelledby="grants-heading">
        <h2 id="grants-heading">Who holds which plan</h2>
        {members.length === 0 || plans.length === 0 ? (
          <p>{plans.length === 0 ? 'Add a plan first.' : 'No one has joined yet.'}</p>
        ) : (
          <>
            <ul className="plan-list" data-testid="plan-grants">
              {members
                .filter((m) => m.plans.length > 0)
                .map((m) => (
                  <li key={m.id} data-member={m.label}>
                    {m.label}:{' '}
                    {m.plans.map((planId) => (
                      <form key={planId} method="post" action="/api/owner/plans" className="plan-grant">
                        <input type="hidden" name="intent" value="revoke" />
                        <input type="hidden" name="memberId" value={m.id} />
                        <input type="hidden" name="planId" value={planId} />
                        {nameOf.get(planId) ?? planId}{' '}
                        <button type="submit" aria-label={`Revoke ${nameOf.get(planId) ?? planId} from ${m.label}`}>
                          Revoke
                        </button>
                      </form>
                    ))}
                  </li>
                ))}
            </ul>
            <form method="post" action="/api/owner/plans" className="plan-form">
              <input type="hidden" name="intent" value="grant" />
              <label>
                Member
                <select name="memberId">
                  {members.map((m) => (
                    <option key={m.id} value={m.id}>
                      {m.label}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                Plan
                <select name="planId">
                  {plans.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.name}
                    </option>
                  ))}
                </select>
              </label>
              <button type="submit">Grant</button>
            </form>
          </>
        )}
      </section>
    </>
  );
}
