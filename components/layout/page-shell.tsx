import Link from 'next/link';
import type { ReactNode } from 'react';
import { SITE_NAME, feedPath } from '@/lib/core/site';
import { words } from '@/lib/core/i18n';

interface PageShellProps {
  lang: string;
  /** Children of `<head>` beyond what Next writes there. */
  head?: ReactNode;
  /** What the header holds after the site's name: menus, search, sign-out. */
  header?: ReactNode;
  headerClassName?: string;
  mainClassName?: string;
  footer?: ReactNode;
  /**
   * The site's name as a plain link (a full page load), for error pages: the client router may be what failed.
   */
  plainHomeLink?: boolean;
  children: ReactNode;
}

const classes = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ');

/** The `<html>` document of every root layout: skip link, header with the site's name, main, footer. */
export function PageShell({
  lang,
  head,
  header,
  headerClassName,
  mainClassName,
  footer,
  plainHomeLink,
  children,
}: PageShellProps) {
  const home = feedPath(1, lang);
  return (
    <html lang={lang}>
      {head && <head>{head}</head>}
      <body>
        <a className="skip-link" href="#content">
          {words(lang).t('site.skip')}
        </a>
        <header className={classes('site-header', headerClassName)}>
          <div className="container site-header__inner">
            {plainHomeLink ? (
              <a href={home} className="site-title">
                {SITE_NAME}
              </a>
            ) : (
              <Link href={home} className="site-title">
                {SITE_NAME}
              </Link>
            )}
            {header}
          </div>
        </header>
        <main id="content" className={classes('container', mainClassName)} tabIndex={-1}>
          {children}
        </main>
        {footer}
      </body>
    </html>
  );
}
