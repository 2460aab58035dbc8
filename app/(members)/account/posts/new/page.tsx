import type { Metadata } from 'next';
import Link from 'next/link';
import { PostEditor } from '@/components/editor/post-editor';
import { desk } from '@/lib/blog';
import { currentWriter } from '../writer';

export const metadata: Metadata = { title: 'New post' };

export default async function WriterNewPostPage() {
  const here = await currentWriter('/account/posts/new');
  if (here.page) return here.page;
  const { categories, tags } = await desk().terms();
  return (
    <>
      <h1 className="visually-hidden">New post</h1>
      <p>
        <Link href="/account/posts">← Your posts</Link>
      </p>
      <PostEditor initial={null} terms={{ categories, tags }} writer />
    </>
  );
}
