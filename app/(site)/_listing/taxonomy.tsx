import type { Metadata } from 'next';
import { notFound, permanentRedirect } from 'next/navigation';
import { ListingView } from '@/components/post/listing-view';
import { LanguageSwitcher } from '@/components/layout/language-switcher';
import { listingPage } from '@/lib/edge/pages/listing';
import { type Taxonomy, type Term, findTerm, movedTo, taxonomyPaths as paths } from '@/lib/edge/pages/taxonomy';
import { type Alternate, hashtagAlternates, termAlternates } from '@/lib/edge/pages/languages';
import { languageAlternates } from '@/lib/edge/seo/alternates';
import { type Language, words } from '@/lib/core/i18n';
import { pageNumber, rssAlternate } from '@/lib/core/site';

// Category, tag and hashtag listings share one shape: resolve the term in the page's language, page its posts, 404
// otherwise. A category or tag links to its translations; a hashtag is the same word in every language, not one.

export { taxonomyStaticParams } from '@/lib/edge/pages/taxonomy';

const alternatesOf = async (taxonomy: Taxonomy, term: Term): Promise<Alternate[]> =>
  term.term && taxonomy !== 'hashtag' ? termAlternates(taxonomy, term.term) : [];

/**
 * The listing's page in each language (its hreflang links): a category's or tag's translations, a hashtag's page
 * wherever that language's posts carry it; past the first page, those whose listing runs that far.
 */
const pageAlternates = async (taxonomy: Taxonomy, term: Term, page: number, language: Language) =>
  taxonomy === 'hashtag'
    ? hashtagAlternates(term.slug, language, page)
    : term.term
      ? termAlternates(taxonomy, term.term, page)
      : [];

export async function taxonomyMetadata(
  taxonomy: Taxonomy,
  segment: string,
  n: string,
  language: Language,
): Promise<Metadata> {
  const term = await findTerm(taxonomy, segment, language);
  const page = pageNumber(n) ?? 1;
  const { t } = words(language);
  if (!term) return { title: t('listing.notFound') };
  return {
    title: page > 1 ? t('listing.pageTitle', { title: term.label, page }) : term.title || term.label,
    description: term.description ?? undefined,
    alternates: {
      canonical: paths[taxonomy](term.slug, page, language),
      languages: languageAlternates(await pageAlternates(taxonomy, term, page, language)),
      types: rssAlternate(language),
    },
  };
}

/** Under the term's name: its description where it has one (a category may; a tag has none), and its posts' count. */
function TermIntro({
  description,
  total,
  language,
}: {
  description?: string | null;
  total: number;
  language: Language;
}) {
  return (
    <>
      {description && <p className="listing-header__description">{description}</p>}
      {total > 0 && <p className="listing-header__count">{words(language).t('listing.count', { count: total })}</p>}
    </>
  );
}

export async function TaxonomyListing({
  taxonomy,
  segment,
  n,
  language,
}: {
  taxonomy: Taxonomy;
  segment: string;
  n: string;
  language: Language;
}) {
  const term = await findTerm(taxonomy, segment, language);
  const page = pageNumber(n);
  if (!term && page) {
    // An address from before the owner changed the term's slug goes on to its page.
    const moved = await movedTo(taxonomy, segment, language);
    if (moved) permanentRedirect(paths[taxonomy](moved, page, language));
  }
  if (!term || !page) notFound();
  if (n !== '1' && page === 1) permanentRedirect(paths[taxonomy](term.slug, 1, language));
  const [listing, alternates] = await Promise.all([
    listingPage(term.filter, page),
    page === 1 ? alternatesOf(taxonomy, term) : [],
  ]);
  // A category or tag with no posts yet exists and says so; a hashtag exists only through its posts.
  if (!listing || (taxonomy === 'hashtag' && listing.total === 0)) notFound();
  return (
    <ListingView
      heading={term.label}
      intro={<TermIntro description={term.description} total={listing.total} language={language} />}
      listing={listing}
      href={(p) => paths[taxonomy](term.slug, p, language)}
      current={taxonomy === 'category' ? term.slug : undefined}
      language={language}
      switcher={<LanguageSwitcher language={language} alternates={alternates} />}
    />
  );
}
