import type { ReactNode } from 'react';
import type { Range } from '@/lib/analytics/reads';

// How the analytics pages write a period in an address, a table's CSV link, and a value the owner reads.

/** The period as the page's query: its name, or its dates. */
export const rangeQuery = (range: Range) =>
  range.key === 'custom'
    ? new URLSearchParams({ from: range.from, to: range.to }).toString()
    : new URLSearchParams({ range: range.key }).toString();

/** A table's CSV over the period (of one post when `postId` is given). */
export const csvHref = (range: Range, table: string, postId?: string) =>
  `/dashboard/analytics/export?${new URLSearchParams({
    table,
    ...(postId ? { post: postId } : {}),
    ...Object.fromEntries(new URLSearchParams(rangeQuery(range))),
  })}`;

const languageNames = new Intl.DisplayNames(['en'], { type: 'language' });
const DEVICES: Record<string, string> = { desktop: 'Desktop', mobile: 'Mobile', tablet: 'Tablet' };

/** A source, device or language as the owner reads it. */
export function valueLabel(kind: 'source' | 'device' | 'language', value: string): ReactNode {
  if (kind === 'source') return value || <span className="muted">Direct, or not said</span>;
  if (kind === 'device') return DEVICES[value] ?? value;
  if (!value) return <span className="muted">Not said</span>;
  try {
    return `${languageNames.of(value) ?? value} (${value})`;
  } catch {
    return value;
  }
}
