import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound, permanentRedirect } from 'next/navigation';
import { CommentsSection } from '@/components/comments/comments-section';
import { listPosts } from '@/lib/blog/reads';
import { commentsView } from '@/lib/comments/view';
import { getPublicPost } from '@/lib/edge/pages/post';
import { decodeSegment, pageNumber, postCommentsPath, postPath } from '@/lib/core/site';

// Older comments of a post, a page at a time (the post's own page shows the newest). Cached as the post page is, by
// the post's `comments:{id}` tag: rendered on the first visit, refreshed by the next comment event. Not indexed: the
// post's page is the canonical one.

export const ensureStatic = 'navigation';

export async function generateStaticParams() {
  const latest = await listPosts({ sort: 'PUBLISHED_DATE_DESC', paging: { limit: 1 } });
  return [{ slug: latest.items[0]?.slug ?? 'none', n: '2' }];
}

async function found(params: PageProps<'/post/[slug]/comments/[n]'>['params']) {
  const { slug, n } = await params;
  const page = pageNumber(n);
  const post = page ? await getPublicPost(decodeSegment(slug)) : null;
  if (!page || !post) return null;
  return { post, page };
}

export async function generateMetadata({ params }: PageProps<'/post/[slug]/comments/[n]'>): Promise<Metadata> {
  const at = await found(params);
  if (!at) return { title: 'Not found' };
  return {
    title: `Comments on ${at.post.title} (page ${at.page})`,
    robots: { index: false, follow: true },
    alternates: { canonical: postPath(at.post.slug) },
  };
}

export default async function CommentsPage({ params }: PageProps<'/post/[slug]/comments/[n]'>) {
  const at = await found(params);
  if (!at) notFound();
  const { post, page } = at;
  if (page === 1) permanentRedirect(postCommentsPath(post.slug));
  const view = await commentsView(post, page);
  if (!view) notFound();
  return (
    <>
      <p className="comments__back">
        <Link href={postPath(post.slug)}>← {post.title}</Link>
      </p>
      <CommentsSection view={view} heading={false} />
    </>
  );
}
