import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { connection } from 'next/server';
import type { ReactNode } from 'react';
import { DashboardHeader } from '@/components/dashboard/dashboard-header';
import { ownerState } from '@/lib/auth/owner-session';
import { SESSION_COOKIE } from '@/lib/auth/session';
import { SITE_LANGUAGE, SITE_NAME } from '@/lib/site';
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
  // connection(), not only cookies(): checking the session reads the clock, which a prefetch-time render
  // may not do.
  await connection();
  if (ownerState((await cookies()).get(SESSION_COOKIE)?.value).kind === 'anonymous') redirect('/login');
  return (
    <html lang={SITE_LANGUAGE}>
      <body>
        <a className="skip-link" href="#content">
          Skip to content
        </a>
        <DashboardHeader />
        <main id="content" className="container dash" tabIndex={-1}>
          {children}
        </main>
      </body>
    </html>
  );
}
