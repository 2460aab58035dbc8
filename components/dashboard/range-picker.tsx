import Link from 'next/link';
import type { Range } from '@/lib/analytics/reads';

// The analytics page's period: a link for each named period (the current one marked), and a form for any other (a GET
// to the same page: it works without JavaScript, and the address can be kept or shared).

export function RangePicker({
  range,
  path,
  choices,
}: {
  range: Range;
  path: string;
  /** The named periods (lib/analytics RANGES). */
  choices: Record<string, { label: string }>;
}) {
  return (
    <div className="range-picker">
      <nav aria-label="Period">
        <ul>
          {Object.entries(choices).map(([key, { label }]) => (
            <li key={key}>
              <Link
                href={`${path}?range=${key}`}
                prefetch={false}
                aria-current={range.key === key ? 'page' : undefined}
              >
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <form method="get" action={path} className="range-picker__custom">
        <label>
          From <input type="date" name="from" defaultValue={range.from} required />
        </label>
        <label>
          to <input type="date" name="to" defaultValue={range.to} required />
        </label>
        <button type="submit">Show</button>
      </form>
    </div>
  );
}
