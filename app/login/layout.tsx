import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import type { ReactNode } from 'react';
import { PageShell } from '@/components/layout/page-shell';
import { SITE_LANGUAGE, SITE_NAME } from '@/lib/core/site';
import '../globals.css';
import '@/components/dashboard/dashboard.css';

// Rendered per request (reading the request's cookies does that), never prerendered: each response
// carries its own CSP nonce (see proxy.ts).
export const instant = false;

export const metadata: Metadata = {
  title: `Owner login · ${SITE_NAME}`,
  robots: { index: false, follow: false },
};

export default async function LoginLayout({ children }: { children: ReactNode }) {
  await cookies();
  return (
    <PageShell lang={SITE_LANGUAGE} mainClassName="login">
      {children}
    </PageShell>
  );
}
