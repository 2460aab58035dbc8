import type { Metadata } from 'next';
import { getSiteSettings } from '@/lib/settings/reads';
import type { ReactNode } from 'react';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { PostList } from '@/components/post/post-list';
import { PostNav } from '@/components/post/post-nav';
import { PostDate } from '@/components/post/post-date';
import { PostCover } from '@/components/post/post-cover';
import { PostAuthor } from '@/components/post/post-author';
import { SeriesNav } from '@/components/post/series-nav';
import { SubscribeForm } from '@/components/newsletter/subscribe-form';
import { PostLikes } from './post-likes';
import { FediverseReactions } from './fediverse-reactions';
import { PostActions } from '@/components/post/post-actions';
import { ViewBeacon } from '@/components/post/view-beacon';
import { CommentsSection } from '@/components/comments/comments-section';
import { commentsView } from '@/lib/comments/view';
import { absoluteUrl } from '@/lib/edge/seo/site-urls';
import { RichContent } from '@/components/rich-content/rich-content';
import { PaywallBox } from '@/components/post/paywall-box';
import { plansOpening } from '@/lib/plans/reads';
import { getPostRating } from '@/lib/ratings/reads';
import { getClosedPolls } from '@/lib/polls/reads';
import { pollsOf } from '@/lib/polls/view';
import { PostRating, ratingText } from '@/components/post/post-rating';
import { TableOfContents, pageContents } from '@/components/rich-content/toc';
import { getPublicPost, postNeighbours, postSeries, postTerms, relatedPosts } from '@/lib/edge/pages/post';
import { authorOf } from '@/lib/edge/pages/authors';
import { siteOffers } from '@/lib/edge/pages/offers';
import { listPosts } from '@/lib/blog/reads';
import { blogPostingJsonLd, serializeJsonLd } from '@/lib/edge/seo/json-ld';
import { postMetadata } from '@/lib/edge/seo/post-metadata';
import { categoryPath, decodeSegment, hashtagPath, postPath, tagPath } from '@/lib/core/site';
import { LanguageSwitcher } from '@/components/layout/language-switcher';
import { pageLanguage, postAlternates, staticLanguage } from '@/lib/edge/pages/languages';
import { languageAlternates } from '@/lib/edge/seo/alternates';
import { words } from '@/lib/core/i18n';

export const ensureStatic = 'navigation';

const PRERENDERED_POSTS = 50;

/** Where a date goes in a message ("Published {date}"): the message is split around it, so each language places it. */
const DATE = '\u0000date\u0000';
function Dated({ message, children }: { message: string; children: ReactNode }) {
  const [before, after = ''] = message.split(DATE);
  return (
    <>
      {before}
      {children}
      {after}
    </>
  );
}
const TOC_MIN_HEADINGS = 3;

// The newest posts of the page's language are prerendered; the others render on their first request.
export async function generateStaticParams({ params }: { params?: object } = {}) {
  const language = staticLanguage(params);
  const latest = await listPosts({ language, sort: 'PUBLISHED_DATE_DESC', paging: { limit: PRERENDERED_POSTS } });
  return latest.items.length ? latest.items.map((p) => ({ slug: p.slug })) : [{ slug: 'none' }];
}

type Params = { params: Promise<{ slug: string }> };

/** The post the page names, in the page's language (a post of another language is a 404 here). */
async function pagePost(params: Params['params']) {
  const [{ slug }, language] = await Promise.all([params, pageLanguage(params)]);
  return { post: await getPublicPost(decodeSegment(slug), language), language };
}

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { post, language } = await pagePost(params);
  return post
    ? postMetadata(post, languageAlternates(await postAlternates(post)), await getSiteSettings())
    : { title: words(language).t('post.notFound') };
}

export default async function PostPage({ params }: Params) {
  const { post, language } = await pagePost(params);
  if (!post) notFound();
  const { t } = words(language);
  const [
    { categories, tags },
    neighbours,
    related,
    series,
    author,
    comments,
    offers,
    plans,
    rating,
    closedPolls,
    alternates,
  ] = await Promise.all([
    postTerms(post),
    postNeighbours(post),
    relatedPosts(post),
    postSeries(post),
    authorOf(post.memberId),
    commentsView(post),
    siteOffers(),
    post.preview ? plansOpening(post.pricingPlanIds) : [],
    getPostRating(post.id).catch(() => null),
    pollsOf(post.richContent).length ? getClosedPolls(post.id).catch(() => []) : [],
    postAlternates(post),
  ]);
  const toc = pageContents(post.richContent);
  const updated =
    post.lastPublishedDate && post.lastPublishedDate.slice(0, 10) !== post.firstPublishedDate?.slice(0, 10);

  return (
    <>
      <article className="post" lang={post.language ?? undefined}>
        <header className="post__header">
          {categories.length > 0 && (
            <ul className="post__terms" aria-label={t('post.categories')}>
              {categories.map((c) => (
                <li key={c.id}>
                  <Link href={categoryPath(c.slug, 1, language)}>{c.label}</Link>
                </li>
              ))}
            </ul>
          )}
          <h1>{post.title}</h1>
          <p className="post__meta">
            <PostAuthor author={author} language={language} />
            <span>
              <Dated message={t('post.published', { date: DATE })}>
                <PostDate iso={post.firstPublishedDate} language={language} />
              </Dated>
            </span>
            {updated && (
              <span>
                <Dated message={t('post.updated', { date: DATE })}>
                  <PostDate iso={post.lastPublishedDate} language={language} />
                </Dated>
              </span>
            )}
            <span>{t('post.minutesToRead', { minutes: post.minutesToRead })}</span>
            {rating && rating.count > 0 && (
              <span>
                <a href="#rating">{t('post.rated', { rating: ratingText(rating, language) })}</a>
              </span>
            )}
          </p>
          <LanguageSwitcher language={language} alternates={alternates} />
        </header>
        {series.map((s) => (
          <SeriesNav key={s.id} series={s} language={language} />
        ))}
        <PostCover post={post} sizes="(min-width: 44rem) 42rem, 100vw" />
        {toc.length >= TOC_MIN_HEADINGS && (
          <TableOfContents entries={toc} className="post__toc" title={t('post.contents')} />
        )}
        {/* A paid post's preview: its last lines fade into the box offering the rest (app/globals.css). */}
        <RichContent
          content={post.richContent}
          postId={post.id}
          closedPolls={closedPolls}
          className={post.preview ? 'paywall-preview' : undefined}
        />
        {post.preview && <PaywallBox slug={post.slug} plans={plans} postId={post.id} language={language} />}
        {(tags.length > 0 || post.hashtags.length > 0) && (
          <footer>
            <ul className="post__terms" aria-label={t('post.tags')}>
              {tags.map((tag) => (
                <li key={tag.id}>
                  <Link href={tagPath(tag.slug, 1, language)}>{tag.label}</Link>
                </li>
              ))}
              {post.hashtags.map((h) => (
                <li key={h}>
                  <Link href={hashtagPath(h.toLowerCase(), 1, language)}>#{h}</Link>
                </li>
              ))}
            </ul>
          </footer>
        )}
        <ViewBeacon postId={post.id} />
        <PostActions
          postId={post.id}
          url={absoluteUrl(postPath(post.slug, language))}
          title={post.title}
          saveForLater={offers.readingList}
          language={language}
          reactions={
            <>
              <PostLikes postId={post.id} language={language} />
              <FediverseReactions postId={post.id} language={language} />
              {rating && (
                <PostRating
                  postId={post.id}
                  average={rating.average}
                  count={rating.count}
                  visitorsMayRate={rating.visitorsMayRate}
                  language={language}
                />
              )}
            </>
          }
          subscribe={
            offers.newsletter && (
              <SubscribeForm id="post-subscribe" heading={t('newsletter.afterPost')} language={language} />
            )
          }
        />
        <PostNav previous={neighbours.previous} next={neighbours.next} language={language} />
      </article>
      {comments && <CommentsSection view={comments} language={language} />}
      {related.length > 0 && (
        <section className="related" aria-labelledby="related-heading">
          <h2 id="related-heading">{t('post.related')}</h2>
          <PostList posts={related} />
        </section>
      )}
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{ __html: serializeJsonLd(blogPostingJsonLd(post, categories, author)) }}
      />
    </>
  );
}
