import type { EditorPost } from './api';

// The editor's bar (post-editor.tsx): the post's state, Save or Update, the owner's Publish or Unpublish or a writer's
// Submit for review, and links to the post or its preview; and the owner's note on a writer's post sent back.

/** What the bar's buttons ask of the editor. */
export type BarAction = 'publish' | 'unpublish' | 'submit';

/** How the bar names the post's state. */
const STATE: Record<EditorPost['status'], string> = {
  PUBLISHED: 'Published',
  SCHEDULED: 'Scheduled',
  UNPUBLISHED: 'Draft',
  IN_REVIEW: 'In review',
};

export function EditorBar({
  post,
  dirty,
  writer,
  act,
}: {
  post: EditorPost | null;
  dirty: boolean;
  writer: boolean;
  act: (action: BarAction) => void;
}) {
  const live = post?.status === 'PUBLISHED';
  return (
    <div className="editor__bar">
      <span className="editor__state">
        {post ? STATE[post.status] : 'New draft'}
        {dirty ? ' · unsaved changes' : live && post?.hasUnpublishedChanges ? ' · changes not yet published' : ''}
      </span>
      <button type="submit">{live ? 'Update' : 'Save draft'}</button>
      {writer ? (
        post?.status !== 'IN_REVIEW' && (
          <button type="button" onClick={() => act('submit')}>
            Submit for review
          </button>
        )
      ) : live ? (
        <button type="button" onClick={() => act('unpublish')}>
          Unpublish
        </button>
      ) : (
        <button type="button" onClick={() => act('publish')}>
          Publish
        </button>
      )}
      {post?.url && (
        <a href={post.url} target="_blank" rel="noopener">
          View post
        </a>
      )}
      {post && !live && !writer && (
        <a href={`/dashboard/drafts/${encodeURIComponent(post.id)}`} target="_blank" rel="noopener">
          Preview
        </a>
      )}
    </div>
  );
}

/** A writer's post the owner sent back: the owner's note, above the text. */
export function ReviewNote({ post }: { post: EditorPost | null }) {
  if (post?.review?.status !== 'REJECTED' || post.status === 'IN_REVIEW') return null;
  return (
    <div className="notice editor__review" role="note">
      <p>Sent back by the owner with this note:</p>
      <blockquote>{post.review.note}</blockquote>
    </div>
  );
}
