import Link from 'next/link';
import { PostEditor } from '@/components/editor/post-editor';
import { type DeskPost, desk } from '@/lib/blog';

// Apart from writer.tsx, which the list of a writer's posts imports too: the editor's script and styles load on the
// editor's pages only.

/** A writer's editor page: the way back to their posts, and the editor on `post` (null: a new one) and the terms. */
export async function WriterEditor({ heading, post }: { heading: string; post: DeskPost | null }) {
  const { categories, tags } = await desk().terms();
  return (
    <>
      <h1 className="visually-hidden">{heading}</h1>
      <p>
        <Link href="/account/posts">← Your posts</Link>
      </p>
      <PostEditor initial={post} terms={{ categories, tags }} writer />
    </>
  );
}
