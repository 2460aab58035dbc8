import type { Metadata } from 'next';
import { TrashList } from '@/components/editor/trash-list';
import { desk } from '@/lib/blog';
import { ownerLoad } from '../_owner/load';

export const metadata: Metadata = { title: 'Trash' };

export default async function TrashPage() {
  const posts = await ownerLoad('/dashboard/trash', () => desk().trash());
  if (posts.page) return posts.page;
  return (
    <>
      <h1>Trash</h1>
      <TrashList posts={posts.value} />
    </>
  );
}
