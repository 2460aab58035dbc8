'use client';

import { ErrorHelp } from '@/components/layout/error-help';
import { SITE_LANGUAGE, SITE_NAME } from '@/lib/site';
import './globals.css';

// Replaces the root layout when the layout itself failed (its category menu is read from the platform).
export default function GlobalError() {
  return (
    <html lang={SITE_LANGUAGE}>
      <body>
        <header className="site-header">
          <div className="container site-header__inner">
            {/* A full load, not <Link>: the client router may be what failed. */}
            {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
            <a href="/" className="site-title">
              {SITE_NAME}
            </a>
          </div>
        </header>
        <main id="content" className="container">
          <ErrorHelp />
        </main>
      </body>
    </html>
  );
}
