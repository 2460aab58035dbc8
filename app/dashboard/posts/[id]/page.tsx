import type { Metadata } from 'next';
import Link from 'next/link';
import { OwnerNotice } from '@/components/dashboard/owner-notice';
import { PostEditor } from '@/components/editor/post-editor';
import { desk } from '@/lib/blog';
import { planChoices } from '@/lib/plans';
import { isCatalogueError } from '@/lib/core/errors';
import { decodeSegment } from '@/lib/core/site';
import { currentOwner } from '@/lib/owner';

export const metadata: Metadata = { title: 'Edit post' };

export default async function EditPostPage({ params }: PageProps<'/dashboard/posts/[id]'>) {
  const id = decodeSegment((await params).id);
  const owner = await currentOwner(`/dashboard/posts/${encodeURIComponent(id)}`);
  if (owner.kind !== 'owner') return <OwnerNotice kind={owner.kind} message={owner.message} />;
  let post, terms;
  try {
    const [opened, known, plans] = await Promise.all([desk().open(id), desk().terms(), planChoices()]);
    [post, terms] = [opened, { ...known, plans }];
  } catch (error) {
    if (!isCatalogueError(error)) throw error;
    return (
      <section className="notice" role="status">
        <h1>{error.status === 404 ? 'No such post' : 'The editor is not available'}</h1>
        <p>
          {error.message}. <Link href="/dashboard/drafts">All drafts</Link>
        </p>
      </section>
    );
  }
  return (
    <>
      <h1 className="visually-hidden">Edit “{post.title}”</h1>
      <PostEditor initial={post} terms={terms} />
    </>
  );
}
