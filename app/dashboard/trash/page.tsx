import type { Metadata } from 'next';
import { OwnerNotice } from '@/components/dashboard/owner-notice';
import { TrashList } from '@/components/editor/trash-list';
import { desk } from '@/lib/blog';
import { isCatalogueError } from '@/lib/core/errors';
import { currentOwner } from '@/lib/owner';

export const metadata: Metadata = { title: 'Trash' };

export default async function TrashPage() {
  const owner = await currentOwner('/dashboard/trash');
  if (owner.kind !== 'owner') return <OwnerNotice kind={owner.kind} message={owner.message} />;
  let posts;
  try {
    posts = await desk().trash();
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
      <h1>Trash</h1>
      <TrashList posts={posts} />
    </>
  );
}
