import type { Metadata } from 'next';
import { currentWriter } from '../writer';
import { WriterEditor } from '../writer-editor';

export const metadata: Metadata = { title: 'New post' };

export default async function WriterNewPostPage() {
  const here = await currentWriter('/account/posts/new');
  if (here.page) return here.page;
  return <WriterEditor heading="New post" post={null} />;
}
