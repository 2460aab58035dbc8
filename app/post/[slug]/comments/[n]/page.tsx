import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound, permanentRedirect } from 'next/navigation';
import { CommentsSection } from '@/components/comments/comments-section';
import { listPosts } from '@/lib/blog/reads';
import { commentsView } from '@/lib/comments/view';
import { getPublicPost } from '@/lib/edge/pages/post';
import { pageLanguage, staticLanguage } from '@/lib/edge/pages/languages';
import { decodeSegment, pageNumber, postCommentsPath, postPath } from '@/lib/core/site';

// Older comments of a post, a page at a time (the post's own page shows the newest). Cached as the post page is, by
// the post's `comments:{id}` tag: rendered on the first visit, refreshed by the next comment event. Not indexed: the
// post's page is the canonical one.

export const ensureStatic = 'navigation';

export async function generateStaticParams({ params }: { params?: object } = {}) {
  const latest = await listPosts({
    language: staticLanguage(params),
    sort: 'PUBLISHED_DATE_DESC',
    paging: { limit: 1 },
  });
  return [{ slug: latest.items[0]?.slug ?? 'none', n: '2' }];
}

type Params = { params: Promise<{ slug: string; n: string }> };

async function found(params: Params['params']) {
  const [{ slug, n }, language] = await Promise.all([params, pageLanguage(params)]);
  const page = pageNumber(n);
  const post = page ? await getPublicPost(decodeSegment(slug), language) : null;
  if (!page || !post) return null;
  return { post, page };
}

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const at = await found(params);
  if (!at) return { title: 'Not found' };
  return {
    title: `Comments on ${at.post.title} (page ${at.page})`,
    robots: { index: false, follow: true },
    alternates: { canonical: postPath(at.post.slug, at.post.language) },
  };
}

export default async function CommentsPage({ params }: Params) {
  const at = await found(params);
  if (!at) notFound();
  const { post, page } = at;
  if (page === 1) permanentRedirect(postCommentsPath(post.slug, 1, post.language));
  const view = await commentsView(post, page);
  if (!view) notFound();
  return (
    <>
      <p className="comments__back">
        <Link href={postPath(post.slug, post.language)}>← {post.title}</Link>
      </p>
      <CommentsSection view={view} heading={false} language={post.language} />
    </>
  );
}
