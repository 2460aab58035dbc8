import Link from 'next/link';
import type { Draft } from '@/lib/blog/types';
import { formatDate } from './format';

const draftPath = (id: string) => `/dashboard/drafts/${encodeURIComponent(id)}`;

export function DraftList({ drafts }: { drafts: Draft[] }) {
  if (!drafts.length) return <p className="muted">No drafts.</p>;
  return (
    <div className="table-scroll">
      <table className="metrics-table">
        <thead>
          <tr>
            <th scope="col">Draft</th>
            <th scope="col">Status</th>
            <th scope="col">Edited</th>
          </tr>
        </thead>
        <tbody>
          {drafts.map((draft) => (
            <tr key={draft.id} data-draft-id={draft.id}>
              <th scope="row">
                <Link href={draftPath(draft.id)} prefetch={false}>
                  {draft.title || 'Untitled draft'}
                </Link>
              </th>
              <td>
                <span className="badge">{draft.status.toLowerCase().replaceAll('_', ' ')}</span>
              </td>
              <td>
                {formatDate(
                  draft.editedDate ?? draft.richContent?.metadata?.updatedTimestamp ?? draft.firstPublishedDate,
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
