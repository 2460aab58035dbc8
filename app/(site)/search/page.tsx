import type { Metadata } from 'next';
import Link from 'next/link';
import type { CardDetails } from '@/components/post/post-card';
import { PostList } from '@/components/post/post-list';
import { Snippet } from '@/components/post/snippet';
import { listCategories, searchHits } from '@/lib/blog/reads';
import { cardFacts } from '@/lib/edge/pages/cards';
import { allLanguages, pageLanguage } from '@/lib/edge/pages/languages';
import { languageAlternates } from '@/lib/edge/seo/alternates';
import { type Language, languageOf, words } from '@/lib/core/i18n';
import { categoryPath, rssAlternate, searchPath } from '@/lib/core/site';

// Search in one language: the main one here, each other under app/[lang] (which re-exports this). The results are
// the page's language's posts only.

// Not indexed, but its hreflang links name the search of every language (the same page, whatever it is asked).
export async function generateMetadata({ params }: { params: Promise<object> }): Promise<Metadata> {
  const language = await pageLanguage(params);
  return {
    title: words(language).t('search.title'),
    robots: { index: false },
    alternates: { languages: languageAlternates(allLanguages(searchPath)), types: rssAlternate(language) },
  };
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
  const hits = q ? (await searchHits(q)).filter((hit) => languageOf(hit.post.language) === language) : [];
  const posts = hits.map((hit) => hit.post);
  // Each card says where its post matched: the text around the first match, the words marked (its excerpt when only
  // the title matched), with the post's label and writer.
  const facts = await cardFacts(posts, language);
  const details = new Map<string, CardDetails>(
    hits.map(({ post, snippet }) => [
      post.id,
      { ...facts.get(post.id), summary: snippet ? <Snippet parts={snippet} /> : undefined },
    ]),
  );
  return (
    <>
      <header className="listing-header">
        <h1>{t('search.title')}</h1>
        <form
          action={searchPath(language)}
          method="get"
          role="search"
          aria-label={t('search.form')}
          className="search-form"
        >
          <label htmlFor="search-q" className="search-form__label">
            {t('search.label')}
          </label>
          <div className="search-form__row">
            <input id="search-q" name="q" type="search" defaultValue={q} maxLength={MAX_QUERY} />
            <button type="submit">{t('search.button')}</button>
          </div>
        </form>
      </header>
      {!q ? (
        <p>{t('search.prompt')}</p>
      ) : posts.length === 0 ? (
        <NoResults q={q} language={language} />
      ) : (
        <>
          <p role="status">{t('search.matches', { count: posts.length, query: q })}</p>
          <PostList posts={posts} details={details} />
        </>
      )}
    </>
  );
}
