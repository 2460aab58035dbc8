import type { Metadata } from 'next';
import Link from 'next/link';
import { OwnerNotice } from '@/components/dashboard/owner-notice';
import { SettingsForm } from '@/components/dashboard/settings-form';
import { currentOwner } from '@/lib/owner';
import { settingsStore } from '@/lib/settings';

export const metadata: Metadata = { title: 'Settings' };

// The site's settings (issue 47): its name, images, colours and fonts, menus, social accounts, dates and the
// newsletter's sender, read from the store itself (not the pages' cached read: the owner sees what is saved).
export default function SettingsPage({ searchParams }: PageProps<'/dashboard/settings'>) {
  return (
    <>
      <h1>Settings</h1>
      <p className="settings-moving">
        Moving from WordPress, Ghost, Substack or Medium? <Link href="/dashboard/import">Import your posts</Link>.
      </p>
      <Settings searchParams={searchParams} />
    </>
  );
}

async function Settings({ searchParams }: Pick<PageProps<'/dashboard/settings'>, 'searchParams'>) {
  const owner = await currentOwner('/dashboard/settings');
  if (owner.kind !== 'owner') return <OwnerNotice kind={owner.kind} message={owner.message} />;
  const [settings, params] = await Promise.all([settingsStore().get(), searchParams]);
  return <SettingsForm settings={settings} saved={params.saved === '1'} />;
}
