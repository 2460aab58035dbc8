import type { Metadata } from 'next';
import Link from 'next/link';
import { cookies } from 'next/headers';
import type { ReactNode } from 'react';
import { SITE_LANGUAGE, SITE_NAME } from '@/lib/site';
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
    <html lang={SITE_LANGUAGE}>
      <body>
        <header className="site-header">
          <div className="container site-header__inner">
            <Link href="/" className="site-title">
              {SITE_NAME}
            </Link>
          </div>
        </header>
        <main id="content" className="container login">
          {children}
        </main>
      </body>
    </html>
  );
}
