'use client';

import { ErrorHelp } from '@/components/layout/error-help';
import { PageShell } from '@/components/layout/page-shell';
import { SITE_LANGUAGE } from '@/lib/core/site';
import './globals.css';

// Replaces the root layout when the layout itself failed (its category menu is read from the platform).
export default function GlobalError() {
  return (
    <PageShell lang={SITE_LANGUAGE} plainHomeLink>
      <ErrorHelp />
    </PageShell>
  );
}
