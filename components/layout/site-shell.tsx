import Link from 'next/link';
import type { ReactNode } from 'react';
import type { Category } from '@/lib/blog/types';
import { categoryPath, rssPath, searchPath, sitemapPath } from '@/lib/core/site';
import { words } from '@/lib/core/i18n';
import type { NavLink, SiteSettings } from '@/lib/settings/types';
import { SOCIAL_NAMES, themeCss } from '@/lib/settings/view';
import { MemberBadge } from '../members/member-badge';
import { SubscribeForm } from '../newsletter/subscribe-form';
import { PageShell } from './page-shell';

/** What of the settings the public pages' document shows. */
export type ShellSettings = Pick<
  SiteSettings,
  'title' | 'logo' | 'accent' | 'accentDark' | 'fonts' | 'primaryNav' | 'footerNav' | 'social'
>;

interface SiteShellProps {
  lang: string;
  settings: ShellSettings;
  /** The header's menu when the owner has set none: the language's categories (HEADER_CATEGORIES of them). */
  categories: (Pick<Category, 'id' | 'slug' | 'label'> & { postCount?: number })[];
  /** The footer's sign-up form (off where the site has no subscribers collection: lib/edge/pages/offers.ts). */
  newsletter: boolean;
  /** Beside the menu in the header: the languages (components/layout/header-languages.tsx). */
  languages?: ReactNode;
  children: ReactNode;
}

/** A CSS string body: anything but letters, digits, `_` and `-` as a hex escape (so no `"` or `</style>` gets out). */
const cssString = (text: string) =>
  Array.from(text, (ch) => (/[\w-]/.test(ch) ? ch : `\\${ch.codePointAt(0)!.toString(16)} `)).join('');

/**
 * Marks the menu entry of the category page being shown. The shell is shared and prerendered without knowing the
 * page, so the page names its category (`data-current-category`) and CSS finds the matching entry: no script.
 */
function CurrentCategoryStyle({ links }: { links: { category?: string }[] }) {
  const css = links
    .flatMap((link, i) =>
      link.category
        ? [`body:has([data-current-category="${cssString(link.category)}"]) .site-nav li:nth-child(${i + 1}) a`]
        : [],
    )
    .join(',\n');
  return css ? (
    <style>{`${css} { font-weight: 700; text-decoration: underline; text-underline-offset: 0.3em; }`}</style>
  ) : null;
}

interface MenuLink extends NavLink {
  /** The category's slug, where the link is a category's page (the current page's entry is marked). */
  category?: string;
}

/** A link of the owner's menus: a path of this site through the client router, an address elsewhere as a plain link. */
function MenuItem({ link }: { link: NavLink }) {
  return link.url.startsWith('/') ? <Link href={link.url}>{link.label}</Link> : <a href={link.url}>{link.label}</a>;
}

function SiteNav({ label, links }: { label: string; links: MenuLink[] }) {
  return (
    <nav aria-label={label} className="site-nav">
      <ul>
        {links.map((link, i) => (
          <li key={`${i}-${link.url}`}>
            <MenuItem link={link} />
          </li>
        ))}
      </ul>
    </nav>
  );
}

function SiteSearch({
  id,
  lang,
  name,
  label,
  placeholder,
}: {
  id: string;
  lang: string;
  /** The landmark's name ("Site search"), apart from the search page's own form's ("Search posts"). */
  name: string;
  label: string;
  placeholder: string;
}) {
  return (
    <form action={searchPath(lang)} method="get" role="search" aria-label={name} className="site-search">
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input id={id} name="q" type="search" placeholder={placeholder} maxLength={200} />
    </form>
  );
}

/** The most categories the header lists when the owner has set no menu. */
export const HEADER_CATEGORIES = 8;

/**
 * The categories the header lists when the owner has set no menu: all of them up to HEADER_CATEGORIES; beyond, the
 * ones with the most posts, in their own order. An imported blog brings its whole taxonomy (WordPress's theme unit
 * test: 68 categories, which filled a 1280 px header with nine rows); each category's page is still reached from its
 * posts and the sitemap, and the owner's menu (Settings) lists whichever they choose.
 */
export function headerCategories<T extends { postCount?: number }>(categories: T[]): T[] {
  if (categories.length <= HEADER_CATEGORIES) return categories;
  const kept = new Set(
    [...categories]
      .map((category, index) => ({ category, index }))
      .sort((a, b) => (b.category.postCount ?? 0) - (a.category.postCount ?? 0) || a.index - b.index)
      .slice(0, HEADER_CATEGORIES)
      .map(({ category }) => category),
  );
  return categories.filter((category) => kept.has(category));
}

/**
 * The public pages' document: the owner's menu (or the categories), search and languages in the header, on a phone
 * behind a "Menu" disclosure (a `<details>`: no script); the owner's footer links, social accounts, subscribe, feed
 * and sitemap in the footer. The settings' colours and fonts are a few CSS variables in the head.
 */
export function SiteShell({ lang, settings, categories, newsletter, languages, children }: SiteShellProps) {
  const { t } = words(lang);
  const menu: MenuLink[] =
    settings.primaryNav.length > 0
      ? settings.primaryNav
      : headerCategories(categories).map((c) => ({
          label: c.label,
          url: categoryPath(c.slug, 1, lang),
          category: c.slug,
        }));
  const navLabel = settings.primaryNav.length > 0 ? t('site.menu') : t('site.categories');
  const search = {
    lang,
    name: t('site.searchForm'),
    label: t('site.searchLabel'),
    placeholder: t('site.searchPlaceholder'),
  };
  return (
    <PageShell
      lang={lang}
      siteName={settings.title}
      logo={settings.logo}
      skipLabel={t('site.skip')}
      head={
        <>
          <style>{themeCss(settings)}</style>
          <CurrentCategoryStyle links={menu} />
        </>
      }
      header={
        <>
          <div className="site-header__wide">
            <SiteNav label={navLabel} links={menu} />
            {languages}
            <SiteSearch id="site-search-q" {...search} />
          </div>
          <MemberBadge signIn={t('member.signIn')} signedInAs={t('member.signedInAs')} />
          <details className="site-menu">
            <summary>{t('site.menu')}</summary>
            <div className="site-menu__panel">
              <SiteSearch id="site-menu-q" {...search} />
              <SiteNav label={navLabel} links={menu} />
              {languages}
            </div>
          </details>
        </>
      }
      footer={
        <footer className="site-footer">
          <div className="container">
            {newsletter && <SubscribeForm id="footer-subscribe" language={lang} />}
            {settings.footerNav.length > 0 && (
              <nav aria-label={t('site.footerLinks')} className="footer-nav">
                <ul>
                  {settings.footerNav.map((link, i) => (
                    <li key={`${i}-${link.url}`}>
                      <MenuItem link={link} />
                    </li>
                  ))}
                </ul>
              </nav>
            )}
            {settings.social.length > 0 && (
              <ul className="social-links" aria-label={t('site.elsewhere')}>
                {settings.social.map((account, i) => (
                  <li key={`${i}-${account.url}`}>
                    <a href={account.url} rel="me noopener">
                      {SOCIAL_NAMES[account.network]}
                    </a>
                  </li>
                ))}
              </ul>
            )}
            <p>
              © {settings.title} · <a href={rssPath(lang)}>{t('site.rss')}</a> ·{' '}
              <a href={sitemapPath(lang)}>{t('site.sitemap')}</a>
            </p>
          </div>
        </footer>
      }
    >
      {children}
    </PageShell>
  );
}
