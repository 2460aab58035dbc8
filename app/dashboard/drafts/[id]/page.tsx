import type { Metadata } from 'next';
import Link from 'next/link';
import { DraftPreview } from '@/components/dashboard/draft-preview';
import { DraftNewsletter, MailOutcome } from '@/components/dashboard/newsletter-controls';
import { postSendStatus } from '@/lib/newsletter';
import { OwnerNotice } from '@/components/dashboard/owner-notice';
import { currentOwner } from '@/lib/owner';
import { isCatalogueError } from '@/lib/core/errors';
import { getDraft } from '@/lib/blog/reads';
import { decodeSegment } from '@/lib/core/site';

export const metadata: Metadata = { title: 'Draft preview' };

export default function DraftPage({ params, searchParams }: PageProps<'/dashboard/drafts/[id]'>) {
  return <Preview params={params} searchParams={searchParams} />;
}

const mailParam = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

async function Preview({ params, searchParams }: Pick<PageProps<'/dashboard/drafts/[id]'>, 'params' | 'searchParams'>) {
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
  return (
    <>
      <MailOutcome outcome={mailParam((await searchParams).mail)} />
      <p>
        <Link href={`/dashboard/posts/${encodeURIComponent(draft.id)}`} prefetch={false}>
          Edit this draft
        </Link>
      </p>
      <DraftPreview draft={draft} />
      <DraftNewsletter postId={draft.id} held={(await postSendStatus(draft.id)) === 'held'} />
    </>
  );
}
