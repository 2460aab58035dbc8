import type { Metadata } from 'next';
import Link from 'next/link';
import {
  CommentLists,
  CommentModeration,
  CommentSettingsForm,
  DigestForm,
  type ModeratedComment,
} from '@/components/dashboard/comment-moderation';
import { OwnerNotice } from '@/components/dashboard/owner-notice';
import { currentOwner } from '@/lib/owner';
import { getPost } from '@/lib/blog/reads';
import {
  type CommentStatus,
  commentModeration,
  commentSettingsStore,
  commentsAtWix,
  digestAddress,
  siteDigest,
} from '@/lib/comments';
import { siteMemberAdmin } from '@/lib/members';
import { ratingSettingsStore } from '@/lib/ratings';
import { RatingSettingsForm } from '@/components/dashboard/rating-settings';

export const metadata: Metadata = { title: 'Comments' };

const PAGE = 50;
const STATUSES: CommentStatus[] = ['PENDING', 'PUBLISHED', 'HIDDEN'];

export default function CommentsPage({ searchParams }: PageProps<'/dashboard/comments'>) {
  return (
    <>
      <h1>Comments</h1>
      <Comments searchParams={searchParams} />
    </>
  );
}

const one = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

async function Comments({ searchParams }: Pick<PageProps<'/dashboard/comments'>, 'searchParams'>) {
  const owner = await currentOwner('/dashboard/comments');
  if (owner.kind !== 'owner') return <OwnerNotice kind={owner.kind} message={owner.message} />;
  const params = await searchParams;
  const status = STATUSES.find((s) => s === one(params.status)) ?? 'PENDING';
  const cursor = one(params.cursor)?.slice(0, 4096) || null;
  const [queue, settings, digest, ratingSettings] = await Promise.all([
    commentModeration().queue(status, { limit: PAGE, cursor }),
    commentSettingsStore().get(),
    digestAddress(siteDigest()),
    ratingSettingsStore().get(),
  ]);
  const posts = new Map(
    await Promise.all(
      [...new Set(queue.comments.map((c) => c.postId))].map(
        async (id) => [id, await getPost(id).catch(() => null)] as const,
      ),
    ),
  );
  const comments: ModeratedComment[] = queue.comments.map((c) => {
    const post = posts.get(c.postId);
    return { ...c, post: post ? { title: post.title, slug: post.slug, language: post.language } : null };
  });
  // Set by the routes after an action: fixed words, nothing from the URL is shown.
  const done = one(params.done) ?? null;
  return (
    <>
      <section className="panel" aria-labelledby="comment-settings-heading">
        <h2 id="comment-settings-heading">Settings</h2>
        <CommentSettingsForm settings={settings} saved={params.saved === 'settings'} atWix={commentsAtWix()} />
        <DigestForm email={digest} saved={one(params.saved)} />
      </section>
      <section className="panel" aria-labelledby="rating-settings-heading">
        <h2 id="rating-settings-heading">Ratings</h2>
        <RatingSettingsForm settings={ratingSettings} saved={params.saved === 'ratings'} />
      </section>
      <section className="panel" aria-labelledby="comment-list-heading">
        <h2 id="comment-list-heading">Comments</h2>
        <CommentLists current={status} />
        <CommentModeration comments={comments} status={status} done={done} canBlock={siteMemberAdmin() !== null} />
        {queue.cursor ? (
          <p>
            <Link
              href={`/dashboard/comments?${new URLSearchParams({ status, cursor: queue.cursor })}`}
              prefetch={false}
            >
              Older comments →
            </Link>
          </p>
        ) : null}
      </section>
    </>
  );
}
