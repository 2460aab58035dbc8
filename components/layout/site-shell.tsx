import Link from 'next/link';
import type { ReactNode } from 'react';
import type { Category } from '@/lib/blog/types';
import { SITE_NAME, categoryPath, rssPath, searchPath, sitemapPath } from '@/lib/core/site';
import { words } from '@/lib/core/i18n';
import { MemberBadge } from '../members/member-badge';
import { SubscribeForm } from '../newsletter/subscribe-form';
import { PageShell } from './page-shell';

interface SiteShellProps {
  lang: string;
  /** The header's menu. */
  categories: Pick<Category, 'id' | 'slug' | 'label'>[];
  /** The footer's sign-up form (off where the site has no subscribers collection: lib/edge/pages/offers.ts). */
  newsletter: boolean;
  children: ReactNode;
}

/**
 * Marks the menu entry of the category page being shown. The shell is shared and prerendered without knowing the
 * page, so the page names its category (`data-current-category`) and CSS finds the matching entry: no script.
 */
/** A CSS string body: anything but letters, digits, `_` and `-` as a hex escape (so no `"` or `</style>` gets out). */
const cssString = (text: string) =>
  Array.from(text, (ch) => (/[\w-]/.test(ch) ? ch : `\\${ch.codePointAt(0)!.toString(16)} `)).join('');

function CurrentCategoryStyle({ categories }: Pick<SiteShellProps, 'categories'>) {
  const css = categories
    .map((c, i) => `body:has([data-current-category="${cssString(c.slug)}"]) .site-nav li:nth-child(${i + 1}) a`)
    .join(',\n');
  return css ? (
    <style>{`${css} { font-weight: 700; text-decoration: underline; text-underline-offset: 0.3em; }`}</style>
  ) : null;
}

/** The public pages' document: categories and search in the header; subscribe, feed and sitemap in the footer. */
export function SiteShell({ lang, categories, newsletter, children }: SiteShellProps) {
  const { t } = words(lang);
  return (
    <PageShell
      lang={lang}
      skipLabel={t('site.skip')}
      head={<CurrentCategoryStyle categories={categories} />}
      header={
        <>
          <nav aria-label={t('site.categories')} className="site-nav">
            <ul>
              {categories.map((category) => (
                <li key={category.id}>
                  <Link href={categoryPath(category.slug, 1, lang)}>{category.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
          <form action={searchPath(lang)} method="get" role="search" className="site-search">
            <label htmlFor="site-search-q" className="visually-hidden">
              {t('site.searchLabel')}
            </label>
            <input
              id="site-search-q"
              name="q"
              type="search"
              placeholder={t('site.searchPlaceholder')}
              maxLength={200}
            />
          </form>
          <MemberBadge signIn={t('member.signIn')} signedInAs={t('member.signedInAs')} />
        </>
      }
      footer={
        <footer className="site-footer">
          <div className="container">
            {newsletter && <SubscribeForm id="footer-subscribe" language={lang} />}
            <p>
              © {SITE_NAME} · <a href={rssPath(lang)}>{t('site.rss')}</a> ·{' '}
              <a href={sitemapPath(lang)}>{t('site.sitemap')}</a> ·{' '}
              <a href="/login" rel="nofollow">
                {t('site.ownerSignIn')}
              </a>
            </p>
          </div>
        </footer>
      }
    >
      {children}
    </PageShell>
  );
}
