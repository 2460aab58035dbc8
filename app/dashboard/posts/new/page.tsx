import type { Metadata } from 'next';
import { PostEditor } from '@/components/editor/post-editor';
import { desk } from '@/lib/blog';
import { planChoices } from '@/lib/plans';
import { ownerLoad } from '../../_owner/load';

export const metadata: Metadata = { title: 'New post' };

export default async function NewPostPage() {
  const terms = await ownerLoad('/dashboard/posts/new', async () => {
    const [terms, plans] = await Promise.all([desk().terms(), planChoices()]);
    return { ...terms, plans };
  });
  if (terms.page) return terms.page;
  return (
    <>
      <h1 className="visually-hidden">New post</h1>
      <PostEditor initial={null} terms={terms.value} />
    </>
  );
}
