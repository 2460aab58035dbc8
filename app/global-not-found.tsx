import type { Metadata } from 'next';
import { NotFoundHelp } from '@/components/layout/not-found-help';
import { SITE_LANGUAGE, SITE_NAME } from '@/lib/site';
import './globals.css';

export const metadata: Metadata = { title: `Page not found · ${SITE_NAME}` };

export default function GlobalNotFound() {
  return (
    <html lang={SITE_LANGUAGE}>
      <body>
        <main id="content" className="container">
          <NotFoundHelp />
        </main>
      </body>
    </html>
  );
}
