import Link from 'next/link';
import type { ReactNode } from 'react';
import { SITE_NAME, feedPath } from '@/lib/core/site';

interface PageShellProps {
  lang: string;
  /** Children of `<head>` beyond what Next writes there. */
  head?: ReactNode;
  /** What the header holds after the site's name: menus, search, sign-out. */
  header?: ReactNode;
  headerClassName?: string;
  mainClassName?: string;
  footer?: ReactNode;
  /** The site's name (the owner's setting; its constant where none is read, as on the error pages). */
  siteName?: string;
  /** The owner's logo (`/media/…` or an https address): shown for the name, which is its alt text. */
  logo?: string;
  /**
   * The site's name as a plain link (a full page load), for error pages: the client router may be what failed.
   */
  plainHomeLink?: boolean;
  /**
   * The skip link's words, in the page's language. Given by the caller, not looked up here: the global error page is a
   * client component that renders this shell, so nothing here may bring the catalogues into the browser.
   */
  skipLabel?: string;
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
  siteName = SITE_NAME,
  logo,
  skipLabel = 'Skip to content',
  children,
}: PageShellProps) {
  const home = feedPath(1, lang);
  const name = logo ? (
    // The owner's image at its own size, bounded by CSS: not an optimised <Image> (an https logo's host is unknown).
    <img src={logo} alt={siteName} className="site-logo" />
  ) : (
    siteName
  );
  return (
    <html lang={lang}>
      {head && <head>{head}</head>}
      <body>
        <a className="skip-link" href="#content">
          {skipLabel}
        </a>
        <header className={classes('site-header', headerClassName)}>
          <div className="container site-header__inner">
            {plainHomeLink ? (
              <a href={home} className="site-title">
                {name}
              </a>
            ) : (
              <Link href={home} className="site-title">
                {name}
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
