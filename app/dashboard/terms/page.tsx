import type { Metadata } from 'next';
import { TermsManager } from '@/components/editor/terms-manager';
import { ownerTerms } from '@/lib/blog';
import { ownerLoad } from '../_owner/load';

export const metadata: Metadata = { title: 'Categories and tags' };

export default async function TermsPage() {
  const terms = await ownerLoad('/dashboard/terms', () => ownerTerms().list());
  if (terms.page) return terms.page;
  return (
    <>
      <h1>Categories and tags</h1>
      <TermsManager terms={terms.value} />
    </>
  );
}
