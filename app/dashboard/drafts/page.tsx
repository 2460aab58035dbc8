import type { Metadata } from 'next';
import Link from 'next/link';
import { DraftList } from '@/components/dashboard/draft-list';
import { ScheduledList } from '@/components/dashboard/scheduled-list';
import { OwnerNotice } from '@/components/dashboard/owner-notice';
import { currentOwner } from '@/lib/owner';
import { isCatalogueError } from '@/lib/core/errors';
import { getScheduledDrafts, listDrafts } from '@/lib/blog/reads';

export const metadata: Metadata = { title: 'Drafts' };

export default function DraftsPage({ searchParams }: PageProps<'/dashboard/drafts'>) {
  return (
    <>
      <h1>Drafts</h1>
      <Drafts searchParams={searchParams} />
    </>
  );
}

const cursorParam = (value: string | string[] | undefined) => {
  const cursor = Array.isArray(value) ? value[0] : value;
  return cursor && cursor.length <= 2000 ? cursor : undefined;
};

async function Drafts({ searchParams }: Pick<PageProps<'/dashboard/drafts'>, 'searchParams'>) {
  const cursor = cursorParam((await searchParams).cursor);
  const owner = await currentOwner('/dashboard/drafts');
  if (owner.kind !== 'owner') return <OwnerNotice kind={owner.kind} message={owner.message} />;
  const [page, scheduled] = await Promise.all([
    listDrafts(cursor).catch((error: unknown) => {
      if (isCatalogueError(error)) return error;
      throw error;
    }),
    cursor ? [] : getScheduledDrafts().catch(() => []),
  ]);
  if (isCatalogueError(page)) {
    return (
      <p className="notice" role="alert">
        {page.status === 400 ? 'That page of drafts no longer exists. ' : `Drafts are unavailable: ${page.message}`}
        {page.status === 400 && <Link href="/dashboard/drafts">Start again</Link>}
      </p>
    );
  }
  return (
    <>
      <ScheduledList drafts={scheduled} />
      {scheduled.length > 0 && <h2>All drafts</h2>}
      <DraftList drafts={page.items} />
      <nav className="pager" aria-label="Draft pages">
        {cursor && <Link href="/dashboard/drafts">« First</Link>}
        {page.cursors.next && (
          <Link href={`/dashboard/drafts?cursor=${encodeURIComponent(page.cursors.next)}`}>Next →</Link>
        )}
      </nav>
    </>
  );
}
