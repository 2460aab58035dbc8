import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { PaywallBox, readPath } from '@/components/post/paywall-box';
import { PostDate } from '@/components/post/post-date';
import { PostImage } from '@/components/post/post-image';
import { RichContent } from '@/components/rich-content/rich-content';
import { decodeSegment, postPath } from '@/lib/core/site';
import { POST_PAGE_FIELDSETS, getPublicPost } from '@/lib/edge/pages/post';
import { MEMBER_PAGES, MEMBER_SESSION_COOKIE, memberOfCookie } from '@/lib/members';
import { memberRead } from '@/lib/plans';
import { plansOpening } from '@/lib/plans/reads';
import '@/components/rich-content/rich-content.css';

// A paid post's whole text, for the signed-in member holding one of its plans: rendered per request for them alone
// (the members' layout reads the cookies, so nothing here is prerendered or cached; the answer is private, no-store,
// and never indexed). Who holds which plan is asked of the platform now (lib/plans `memberRead`): a revoked grant or an
// ended order closes the post on the member's next request. Anyone else gets what the public page gives: the preview
// and the plans that open it. The public post page (app/post/[slug]) stays prerendered and the same for everyone.

export async function generateMetadata({ params }: PageProps<'/read/[slug]'>): Promise<Metadata> {
  const post = await getPublicPost(decodeSegment((await params).slug));
  return { title: post?.title ?? 'Post not found' };
}

export default async function PaidReadPage({ params }: PageProps<'/read/[slug]'>) {
  await connection();
  const slug = decodeSegment((await params).slug);
  const post = await getPublicPost(slug);
  if (!post) notFound();
  if (!post.preview) {
    return (
      <>
        <h1>{post.title}</h1>
        <p>
          This post is free to read: <Link href={postPath(post.slug, post.language)}>read it here</Link>.
        </p>
      </>
    );
  }
  const session = (await cookies()).get(MEMBER_SESSION_COOKIE)?.value;
  const member = await memberOfCookie(session);
  if (!member || !session) {
    return (
      <>
        <h1>{post.title}</h1>
        <p role="status">Sign in with the account that holds a plan for this post to read the rest.</p>
        <p>
          <Link href={`${MEMBER_PAGES.signin}?next=${encodeURIComponent(readPath(post.slug))}`}>Sign in</Link> or{' '}
          <Link href={postPath(post.slug, post.language)}>back to the post</Link>.
        </p>
      </>
    );
  }
  const read = await memberRead(post, { id: member.id, sessionToken: session }, POST_PAGE_FIELDSETS);
  const shown = read.open ? read.post : post;
  return (
    <article className="post paid-read" lang={shown.language ?? undefined}>
      <header className="post__header">
        <h1>{shown.title}</h1>
        <p className="post__meta">
          <span>
            Published <PostDate iso={shown.firstPublishedDate} />
          </span>
          <span>{shown.minutesToRead} min read</span>
        </p>
        {read.open && (
          <p className="paid-read__plan" data-testid="paid-read-plan">
            Open to you with your plan{read.plan.planName ? ` “${read.plan.planName}”` : ''}.
          </p>
        )}
      </header>
      <PostImage post={shown} className="post__hero" sizes="(min-width: 44rem) 42rem, 100vw" priority />
      <RichContent content={shown.richContent} />
      {!read.open && (
        <PaywallBox
          slug={post.slug}
          plans={await plansOpening(post.pricingPlanIds)}
          note="Your account holds none of the plans that open this post."
        />
      )}
      <p>
        <Link href={postPath(post.slug, post.language)}>Comments, likes and related posts are on the post’s page</Link>.
      </p>
    </article>
  );
}
