import type { Metadata } from 'next';
import Link from 'next/link';
import { currentWriter } from './writer';

export const metadata: Metadata = { title: 'Your posts' };

const STATE = {
  PUBLISHED: 'Published',
  SCHEDULED: 'Scheduled',
  UNPUBLISHED: 'Draft',
  IN_REVIEW: 'In review',
} as const;

/** A writer's posts: their drafts (those sent back say so, with the owner's note), those in review, the published. */
export default async function WriterPostsPage() {
  const here = await currentWriter('/account/posts');
  if (here.page) return here.page;
  const posts = await here.desk.list();
  return (
    <>
      <h1>Your posts</h1>
      <p>
        <Link href="/account/posts/new">Write a new post</Link>
      </p>
      {posts.length === 0 ? (
        <p>You have not written a post yet. Drafts you submit are published by the owner.</p>
      ) : (
        <ul className="writer-posts" aria-label="Your posts">
          {posts.map((post) => {
            const returned = post.status === 'UNPUBLISHED' && post.review?.status === 'REJECTED';
            return (
              <li key={post.id}>
                {post.status === 'PUBLISHED' ? (
                  <a href={post.url ?? '#'}>{post.title}</a>
                ) : (
                  <Link href={`/account/posts/${encodeURIComponent(post.id)}`}>{post.title}</Link>
                )}{' '}
                <span className="muted">· {returned ? 'Sent back' : STATE[post.status]}</span>
                {returned && post.review?.note ? <blockquote>{post.review.note}</blockquote> : null}
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
