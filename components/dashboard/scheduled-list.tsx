import Link from 'next/link';
import type { ScheduledDraft } from '@/lib/blog/types';
import { formatDateTime } from './format';

/** The drafts scheduled to go live, soonest first, each with its time (the owner's Drafts page). */
export function ScheduledList({ drafts }: { drafts: readonly ScheduledDraft[] }) {
  if (!drafts.length) return null;
  return (
    <section aria-labelledby="scheduled-heading">
      <h2 id="scheduled-heading">Scheduled</h2>
      <div className="table-scroll">
        <table className="metrics-table">
          <thead>
            <tr>
              <th scope="col">Post</th>
              <th scope="col">Goes live</th>
            </tr>
          </thead>
          <tbody>
            {drafts.map((draft) => (
              <tr key={draft.id} data-scheduled-id={draft.id}>
                <th scope="row">
                  <Link href={`/dashboard/drafts/${encodeURIComponent(draft.id)}`} prefetch={false}>
                    {draft.title || 'Untitled draft'}
                  </Link>
                </th>
                <td>
                  <time dateTime={draft.at}>{formatDateTime(draft.at)}</time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
