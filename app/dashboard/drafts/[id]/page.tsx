import type { Metadata } from 'next';
import Link from 'next/link';
import { DraftPreview } from '@/components/dashboard/draft-preview';
import { OwnerNotice } from '@/components/dashboard/owner-notice';
import { currentOwner } from '@/lib/owner';
import { isCatalogueError } from '@/lib/core/errors';
import { getDraft } from '@/lib/blog/reads';
import { decodeSegment } from '@/lib/core/site';

export const metadata: Metadata = { title: 'Draft preview' };

export default function DraftPage({ params }: PageProps<'/dashboard/drafts/[id]'>) {
  return <Preview params={params} />;
}

async function Preview({ params }: Pick<PageProps<'/dashboard/drafts/[id]'>, 'params'>) {
  const id = decodeSegment((await params).id);
  const owner = await currentOwner(`/dashboard/drafts/${encodeURIComponent(id)}`);
  if (owner.kind !== 'owner') return <OwnerNotice kind={owner.kind} message={owner.message} />;
  let draft;
  try {
    draft = await getDraft(id);
  } catch (error) {
    if (!isCatalogueError(error)) throw error;
    return (
      <p className="notice" role="alert">
        Drafts are unavailable: {error.message}
      </p>
    );
  }
  if (!draft) {
    return (
      <section className="notice" role="status">
        <h1>No such draft</h1>
        <p>
          It may have been published or deleted. <Link href="/dashboard/drafts">All drafts</Link>
        </p>
      </section>
    );
  }
  return <DraftPreview draft={draft} />;
}
