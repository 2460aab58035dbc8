import type { Metadata } from 'next';
import { OwnerNotice } from '@/components/dashboard/owner-notice';
import { PostEditor } from '@/components/editor/post-editor';
import { desk } from '@/lib/blog';
import { isCatalogueError } from '@/lib/core/errors';
import { currentOwner } from '@/lib/owner';

export const metadata: Metadata = { title: 'New post' };

export default async function NewPostPage() {
  const owner = await currentOwner('/dashboard/posts/new');
  if (owner.kind !== 'owner') return <OwnerNotice kind={owner.kind} message={owner.message} />;
  let terms;
  try {
    terms = await desk().terms();
  } catch (error) {
    if (!isCatalogueError(error)) throw error;
    return (
      <p className="notice" role="status">
        {error.message}
      </p>
    );
  }
  return (
    <>
      <h1 className="visually-hidden">New post</h1>
      <PostEditor initial={null} terms={terms} />
    </>
  );
}
