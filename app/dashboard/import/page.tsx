import type { Metadata } from 'next';
import { ImportPanel } from '@/components/dashboard/import-panel';
import { OwnerNotice } from '@/components/dashboard/owner-notice';
import { currentOwner } from '@/lib/owner';
import { siteImports } from '@/lib/transfer';

export const metadata: Metadata = { title: 'Import' };

// Moving in (issue 48): an export of WordPress, Ghost, Substack, Medium or a folder of Markdown, uploaded and
// imported by the site's job queue (lib/transfer), with its progress and its report; a preview first writes nothing.
// The recent imports come from the site's records: one that ran on while the tab was closed is followed again.
export default function ImportPage() {
  return (
    <>
      <h1>Import</h1>
      <Imports />
    </>
  );
}

async function Imports() {
  const owner = await currentOwner('/dashboard/import');
  if (owner.kind !== 'owner') return <OwnerNotice kind={owner.kind} message={owner.message} />;
  return <ImportPanel recent={await siteImports().recent()} />;
}
