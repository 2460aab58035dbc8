import type { Metadata } from 'next';
import { notFound, permanentRedirect } from 'next/navigation';
import { AuthorAvatar } from '@/components/post/post-author';
import { ListingView } from '@/components/post/listing-view';
import { LanguageSwitcher } from '@/components/layout/language-switcher';
import { authorPage } from '@/lib/edge/pages/authors';
import { authorAlternates } from '@/lib/edge/pages/languages';
import { languageAlternates } from '@/lib/edge/seo/alternates';
import { type Language, words } from '@/lib/core/i18n';
import { authorPath, pageNumber, rssAlternate } from '@/lib/core/site';

// A writer's page: their name, picture and title over their posts in the page's language, paged like a category's.

export { authorStaticParams } from '@/lib/edge/pages/authors';

export async function authorMetadata(segment: string, n: string, language: Language): Promise<Metadata> {
  const page = pageNumber(n) ?? 1;
  const found = await authorPage(segment, page, language);
  const { t } = words(language);
  if (!found) return { title: t('listing.notFound') };
  const { author } = found;
  const title = t('listing.postsBy', { name: author.name });
  return {
    title: page > 1 ? t('listing.pageTitle', { title, page }) : title,
    description: author.title ?? t('listing.everyPostBy', { name: author.name }),
    alternates: {
      canonical: authorPath(author.slug!, page, language),
      languages: languageAlternates(await authorAlternates(author.slug!, language, page)),
      types: rssAlternate(language),
    },
  };
}

/** A writer's page in the other languages where they wrote. */
const writerAlternates = (slug: string, language: Language) => authorAlternates(slug, language, 1);

export async function AuthorListing({ segment, n, language }: { segment: string; n: string; language: Language }) {
  const page = pageNumber(n);
  if (!page) notFound();
  const found = await authorPage(segment, page, language);
  if (!found) notFound();
  const { author, listing } = found;
  if (n !== '1' && page === 1) permanentRedirect(authorPath(author.slug!, 1, language));
  const alternates = page === 1 ? await writerAlternates(author.slug!, language) : [];
  return (
    <ListingView
      heading={
        <span className="author-heading">
          <AuthorAvatar author={author} size={64} />
          <span>{author.name}</span>
        </span>
      }
      intro={author.title ? <p>{author.title}</p> : undefined}
      listing={listing}
      href={(p) => authorPath(author.slug!, p, language)}
      language={language}
      switcher={<LanguageSwitcher language={language} alternates={alternates} />}
    />
  );
}
