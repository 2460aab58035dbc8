import type { Metadata } from 'next';
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

export const ensureStatic = 'navigation';

const PRERENDERED_POSTS = 50;
const TOC_MIN_HEADINGS = 3;

export async function generateStaticParams() {
  const latest = await listPosts({ sort: 'PUBLISHED_DATE_DESC', paging: { limit: PRERENDERED_POSTS } });
  return latest.items.length ? latest.items.map((p) => ({ slug: p.slug })) : [{ slug: 'none' }];
}

export async function generateMetadata({ params }: PageProps<'/post/[slug]'>): Promise<Metadata> {
  const post = await getPublicPost(decodeSegment((await params).slug));
  return post ? postMetadata(post) : { title: 'Post not found' };
}

export default async function PostPage({ params }: PageProps<'/post/[slug]'>) {
  const post = await getPublicPost(decodeSegment((await params).slug));
  if (!post) notFound();
  const [{ categories, tags }, neighbours, related, series, author, comments, offers, plans, rating, closedPolls] =
    await Promise.all([
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
    ]);
  const toc = pageContents(post.richContent);
  const updated =
    post.lastPublishedDate && post.lastPublishedDate.slice(0, 10) !== post.firstPublishedDate?.slice(0, 10);

  return (
    <>
      <article className="post" lang={post.language ?? undefined}>
        <header className="post__header">
          {categories.length > 0 && (
            <ul className="post__terms" aria-label="Categories">
              {categories.map((c) => (
                <li key={c.id}>
                  <Link href={categoryPath(c.slug)}>{c.label}</Link>
                </li>
              ))}
            </ul>
          )}
          <h1>{post.title}</h1>
          <p className="post__meta">
            <PostAuthor author={author} />
            <span>
              Published <PostDate iso={post.firstPublishedDate} />
            </span>
            {updated && (
              <span>
                Updated <PostDate iso={post.lastPublishedDate} />
              </span>
            )}
            <span>{post.minutesToRead} min read</span>
            {rating && rating.count > 0 && (
              <span>
                <a href="#rating">Rated {ratingText(rating)}</a>
              </span>
            )}
          </p>
        </header>
        {series.map((s) => (
          <SeriesNav key={s.id} series={s} />
        ))}
        <PostCover post={post} sizes="(min-width: 44rem) 42rem, 100vw" />
        {toc.length >= TOC_MIN_HEADINGS && <TableOfContents entries={toc} className="post__toc" />}
        <RichContent content={post.richContent} postId={post.id} closedPolls={closedPolls} />
        {post.preview && <PaywallBox slug={post.slug} plans={plans} />}
        {(tags.length > 0 || post.hashtags.length > 0) && (
          <footer>
            <ul className="post__terms" aria-label="Tags">
              {tags.map((t) => (
                <li key={t.id}>
                  <Link href={tagPath(t.slug)}>{t.label}</Link>
                </li>
              ))}
              {post.hashtags.map((h) => (
                <li key={h}>
                  <Link href={hashtagPath(h.toLowerCase())}>#{h}</Link>
                </li>
              ))}
            </ul>
          </footer>
        )}
        <PostLikes postId={post.id} />
        {rating && (
          <PostRating
            postId={post.id}
            average={rating.average}
            count={rating.count}
            visitorsMayRate={rating.visitorsMayRate}
          />
        )}
        <ViewBeacon postId={post.id} />
        <PostActions
          postId={post.id}
          url={absoluteUrl(postPath(post.slug))}
          title={post.title}
          saveForLater={offers.readingList}
        />
        {offers.newsletter && <SubscribeForm id="post-subscribe" heading="Get the next post by e-mail" />}
        <PostNav previous={neighbours.previous} next={neighbours.next} />
      </article>
      {comments && <CommentsSection view={comments} />}
      {related.length > 0 && (
        <section className="related" aria-labelledby="related-heading">
          <h2 id="related-heading">Related posts</h2>
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
