import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import type { ReactNode } from 'react';
import { PageShell } from '@/components/layout/page-shell';
import { SITE_LANGUAGE, SITE_NAME } from '@/lib/core/site';
import '../globals.css';

// The members' pages (join, sign in, verify, forgot, reset, account) have their own root layout, like /login: they
// are per visitor, so rendered per request (reading the request's cookies does that) and never indexed. The public
// pages under app/(site) read no cookie and stay prerendered.
export const instant = false;

export const metadata: Metadata = {
  title: { default: `Members · ${SITE_NAME}`, template: `%s · ${SITE_NAME}` },
  robots: { index: false, follow: false },
};

export default async function MembersLayout({ children }: { children: ReactNode }) {
  await cookies();
  return (
    <PageShell lang={SITE_LANGUAGE} mainClassName="members">
      {children}
    </PageShell>
  );
}
