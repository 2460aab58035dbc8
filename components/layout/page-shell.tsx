import Link from 'next/link';
import type { ReactNode } from 'react';
import { SITE_NAME } from '@/lib/core/site';

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
  return (
    <html lang={lang}>
      {head && <head>{head}</head>}
      <body>
        <a className="skip-link" href="#content">
          Skip to content
        </a>
        <header className={classes('site-header', headerClassName)}>
          <div className="container site-header__inner">
            {plainHomeLink ? (
              // eslint-disable-next-line @next/next/no-html-link-for-pages
              <a href="/" className="site-title">
                {SITE_NAME}
              </a>
            ) : (
              <Link href="/" className="site-title">
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
