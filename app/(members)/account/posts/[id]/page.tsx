import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { PostEditor } from '@/components/editor/post-editor';
import { desk } from '@/lib/blog';
import { isCatalogueError } from '@/lib/core/errors';
import { decodeSegment } from '@/lib/core/site';
import { currentWriter } from '../writer';

export const metadata: Metadata = { title: 'Edit post' };

/** A writer's own draft in their editor; another's post, or theirs once published, is not found. */
export default async function WriterPostPage({ params }: PageProps<'/account/posts/[id]'>) {
  const id = decodeSegment((await params).id);
  const here = await currentWriter(`/account/posts/${encodeURIComponent(id)}`);
  if (here.page) return here.page;
  const post = await here.desk.open(id).catch((error: unknown) => {
    if (isCatalogueError(error) && error.status === 404) return null;
    throw error;
  });
  if (!post) notFound();
  const { categories, tags } = await desk().terms();
  return (
    <>
      <h1 className="visually-hidden">Edit post</h1>
      <p>
        <Link href="/account/posts">← Your posts</Link>
      </p>
      <PostEditor initial={post} terms={{ categories, tags }} writer />
    </>
  );
}
