import type { Metadata } from 'next';
import { OwnerNotice } from '@/components/dashboard/owner-notice';
import { TermsManager } from '@/components/editor/terms-manager';
import { ownerTerms } from '@/lib/blog';
import { isCatalogueError } from '@/lib/core/errors';
import { currentOwner } from '@/lib/owner';

export const metadata: Metadata = { title: 'Categories and tags' };

export default async function TermsPage() {
  const owner = await currentOwner('/dashboard/terms');
  if (owner.kind !== 'owner') return <OwnerNotice kind={owner.kind} message={owner.message} />;
  let terms;
  try {
    terms = await ownerTerms().list();
  } catch (error) {
    if (!isCatalogueError(error)) throw error;
    return (
      <p className="notice" role="status">
        {error.message}
      </p>
    );
  }
  return (
    <>
      <h1>Categories and tags</h1>
      <TermsManager terms={terms} />
    </>
  );
}
