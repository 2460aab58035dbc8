import { PostDate } from '@/components/post/post-date';
import { PostImage } from '@/components/post/post-image';
import { RichContent } from '@/components/rich-content/rich-content';
import type { Draft } from '@/lib/blog/types';

/** A draft as its post page will show it: the same hero image and rich-content components. */
export function DraftPreview({ draft }: { draft: Draft }) {
  const scheduled = draft.scheduledPublishDate ?? (draft.status === 'SCHEDULED' ? draft.firstPublishedDate : undefined);
  return (
    <article className="post" lang={draft.language ?? undefined}>
      <p className="notice notice--preview" role="note">
        Preview of a <strong>{draft.status.toLowerCase().replaceAll('_', ' ')}</strong> draft: readers cannot see it.
        {scheduled && (
          <>
            {' '}
            Scheduled for <PostDate iso={scheduled} />.
          </>
        )}
      </p>
      <header className="post__header">
        <h1>{draft.title || 'Untitled draft'}</h1>
        <p className="post__meta">
          <span>{draft.minutesToRead} min read</span>
        </p>
      </header>
      <PostImage post={draft} className="post__hero" sizes="(min-width: 44rem) 42rem, 100vw" priority />
      <RichContent content={draft.richContent} />
    </article>
  );
}
