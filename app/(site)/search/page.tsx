import type { Metadata } from 'next';
import Link from 'next/link';
import { PostList } from '@/components/post/post-list';
import { listCategories, searchPosts } from '@/lib/blog/reads';
import { pageLanguage } from '@/lib/edge/pages/languages';
import { type Language, languageOf, words } from '@/lib/core/i18n';
import { categoryPath, searchPath } from '@/lib/core/site';

// Search in one language: the main one here, each other under app/[lang] (which re-exports this). The results are
// the page's language's posts only.

export async function generateMetadata({ params }: { params: Promise<object> }): Promise<Metadata> {
  return { title: words(await pageLanguage(params)).t('search.title'), robots: { index: false } };
}

// Results are part of the first HTML, not streamed behind a fallback: a reader without JavaScript would
// otherwise see "Searching…" for ever. Search reads the request anyway, so there is no static shell to lose.
export const instant = false;

const MAX_QUERY = 200;

async function NoResults({ q, language }: { q: string; language: Language }) {
  const categories = (await listCategories({ language })).filter((c) => (c.postCount ?? 0) > 0);
  const { t } = words(language);
  return (
    <div className="search-empty">
      <p role="status">{t('search.none', { query: q })}</p>
      <p>{t('search.hint')}</p>
      <ul className="term-list">
        {categories.map((c) => (
          <li key={c.id}>
            <Link href={categoryPath(c.slug, 1, language)}>{c.label}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export default async function SearchPage({
  params,
  searchParams,
}: {
  params: Promise<object>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const language = await pageLanguage(params);
  const { t } = words(language);
  const raw = (await searchParams).q;
  const q = (Array.isArray(raw) ? raw[0] : raw)?.trim().slice(0, MAX_QUERY) ?? '';
  const posts = q ? (await searchPosts(q)).filter((p) => languageOf(p.language) === language) : [];
  return (
    <>
      <header className="listing-header">
        <h1>{t('search.title')}</h1>
        <form action={searchPath(language)} method="get" role="search" className="search-form">
          <label htmlFor="search-q">{t('search.label')}</label>
          <input id="search-q" name="q" type="search" defaultValue={q} maxLength={MAX_QUERY} />
          <button type="submit">{t('search.button')}</button>
        </form>
      </header>
      {!q ? (
        <p>{t('search.prompt')}</p>
      ) : posts.length === 0 ? (
        <NoResults q={q} language={language} />
      ) : (
        <>
          <p role="status">{t('search.matches', { count: posts.length, query: q })}</p>
          <PostList posts={posts} />
        </>
      )}
    </>
  );
}
