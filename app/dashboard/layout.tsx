import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { DashboardMenu } from '@/components/dashboard/dashboard-menu';
import { PageShell } from '@/components/layout/page-shell';
import { currentOwner } from '@/lib/owner';
import { SITE_LANGUAGE, SITE_NAME } from '@/lib/core/site';
import '../globals.css';
import '@/components/rich-content/rich-content.css';
import '@/components/dashboard/dashboard.css';

// The owner's pages have their own root layout: no public navigation, never indexed. It reads the
// session before rendering anything, so these pages have no prerendered shell: every byte is rendered
// per request, which is what lets each response carry its own CSP nonce (a shell built at `next build`
// would hold scripts without one).
export const instant = false;

export const metadata: Metadata = {
  title: { default: `Dashboard · ${SITE_NAME}`, template: `%s · Dashboard · ${SITE_NAME}` },
  robots: { index: false, follow: false },
};

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  // Anonymous visitors go to /login; with login disabled or misconfigured each page shows why.
  await currentOwner('/dashboard');
  return (
    <PageShell lang={SITE_LANGUAGE} header={<DashboardMenu />} headerClassName="dash-header" mainClassName="dash">
      {children}
    </PageShell>
  );
}
