import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import type { ReactNode } from 'react';
import { SITE_LANGUAGE } from '@/lib/core/site';
import { getSiteSettings } from '@/lib/settings/reads';
import { SiteDocument } from '../_shared/site-document';
import '../globals.css';

// The members' pages (join, sign in, verify, forgot, reset, account) have their own root layout, like /login: they
// are per visitor, so rendered per request (reading the request's cookies does that) and never indexed. The public
// pages under app/(site) read no cookie and stay prerendered. They wear the site's header and footer (the owner's
// menu, search), without counting as views.
export const instant = false;

export async function generateMetadata(): Promise<Metadata> {
  const { title } = await getSiteSettings();
  return {
    title: { default: `Members · ${title}`, template: `%s · ${title}` },
    robots: { index: false, follow: false },
  };
}

export default async function MembersLayout({ children }: { children: ReactNode }) {
  await cookies();
  return (
    <SiteDocument language={SITE_LANGUAGE} beacon={false}>
      <div className="members">{children}</div>
    </SiteDocument>
  );
}
