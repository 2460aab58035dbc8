import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { isCatalogueError } from '@/lib/core/errors';
import { decodeSegment } from '@/lib/core/site';
import { currentWriter } from '../writer';
import { WriterEditor } from '../writer-editor';

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
  return <WriterEditor heading="Edit post" post={post} />;
}
