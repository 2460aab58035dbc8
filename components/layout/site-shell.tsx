import Link from 'next/link';
import type { ReactNode } from 'react';
import { listCategories } from '@/lib/blog/reads';
import { SITE_NAME, categoryPath } from '@/lib/site';

interface SiteShellProps {
  lang: string;
  children: ReactNode;
}

/** The `<html>` document every public root layout renders: skip link, header, main, footer. */
export async function SiteShell({ lang, children }: SiteShellProps) {
  const categories = await listCategories();
  return (
    <html lang={lang}>
      <body>
        <a className="skip-link" href="#content">
          Skip to content
        </a>
        <header className="site-header">
          <div className="container site-header__inner">
            <Link href="/" className="site-title">
              {SITE_NAME}
            </Link>
            <nav aria-label="Categories" className="site-nav">
              <ul>
                {categories.map((category) => (
                  <li key={category.id}>
                    <Link href={categoryPath(category.slug)}>{category.label}</Link>
                  </li>
                ))}
              </ul>
            </nav>
            <form action="/search" method="get" role="search" className="site-search">
              <label htmlFor="site-search-q" className="visually-hidden">
                Search posts
              </label>
              <input id="site-search-q" name="q" type="search" placeholder="Search" maxLength={200} />
            </form>
          </div>
        </header>
        <main id="content" className="container" tabIndex={-1}>
          {children}
        </main>
        <footer className="site-footer">
          <div className="container">
            <p>
              © {SITE_NAME} · <a href="/feed.xml">RSS feed</a> · <a href="/sitemap.xml">Sitemap</a> ·{' '}
              <a href="/login" rel="nofollow">Owner sign-in</a>
            </p>
          </div>
        </footer>
      </body>
    </html>
  );
}
