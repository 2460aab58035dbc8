import type { Totals } from '@/lib/analytics/reads';
import { formatCount } from './format';

// The period's headline figures beside the period before it: visitors, views, and views per visitor.

/** The change from `before` to `now`, as a whole percentage; null when there was nothing before. */
export const changeOf = (now: number, before: number) => (before ? Math.round(((now - before) / before) * 100) : null);

function Change({ now, before }: { now: number; before: number }) {
  const change = changeOf(now, before);
  if (change === null) return <span className="kpi__change muted">no data before</span>;
  const word = change > 0 ? 'up' : change < 0 ? 'down' : 'no change';
  return (
    <span className={`kpi__change kpi__change--${change > 0 ? 'up' : change < 0 ? 'down' : 'flat'}`}>
      <span aria-hidden="true">{change > 0 ? '▲' : change < 0 ? '▼' : '●'}</span> {Math.abs(change)}%{' '}
      <span className="visually-hidden">{word} </span>
      <span className="muted">vs {formatCount(before)}</span>
    </span>
  );
}

export function Kpis({ totals, previous, label }: { totals: Totals; previous: Totals; label: string }) {
  const perVisitor = (t: Totals) => (t.visitors ? t.views / t.visitors : 0);
  return (
    <section className="stats kpis" aria-label={`${label}, beside the period before`}>
      <p className="stat">
        <span className="stat__value">{formatCount(totals.visitors)}</span>
        <span className="stat__label">visitors</span>
        <Change now={totals.visitors} before={previous.visitors} />
      </p>
      <p className="stat">
        <span className="stat__value">{formatCount(totals.views)}</span>
        <span className="stat__label">views</span>
        <Change now={totals.views} before={previous.views} />
      </p>
      <p className="stat">
        <span className="stat__value">{perVisitor(totals).toFixed(1)}</span>
        <span className="stat__label">views per visitor</span>
        <span className="kpi__change muted">{perVisitor(previous).toFixed(1)} before</span>
      </p>
    </section>
  );
}
