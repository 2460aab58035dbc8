import Link from 'next/link';
import type { CommentSettings, CommentStatus, PostComment } from '@/lib/comments';
import { commentFragment, postPath } from '@/lib/core/site';

// The owner's comments: the settings (who may comment, what waits), and the comments of one status with the owner's
// actions. Plain forms to app/api/owner/comments, so they work without JavaScript. Written text is shown as text only.

export interface ModeratedComment extends PostComment {
  /** The post's title and slug, when it is still published. */
  post: { title: string; slug: string; language?: string | null } | null;
}

const LISTS: { status: CommentStatus; label: string }[] = [
  { status: 'PENDING', label: 'Waiting' },
  { status: 'PUBLISHED', label: 'Published' },
  { status: 'HIDDEN', label: 'Hidden' },
];

const DONE: Record<string, string> = {
  approve: 'The comment is published.',
  hide: 'The comment is hidden.',
  delete: 'The comment is deleted.',
  block: 'The comment is hidden and its writer blocked.',
};

export function CommentSettingsForm({
  settings,
  saved,
  atWix,
}: {
  settings: CommentSettings;
  saved: boolean;
  atWix: boolean;
}) {
  return (
    <form method="post" action="/api/owner/comments/settings" className="member-policy">
      <fieldset>
        <legend className="visually-hidden">Comment settings</legend>
        {saved ? (
          <p role="status" className="form-status">
            The comment settings are saved.
          </p>
        ) : null}
        {atWix ? (
          <p className="muted">
            Comments are kept at Wix: only members comment there, and Wix&rsquo;s own moderation settings decide which
            comments wait.
          </p>
        ) : (
          <label>
            <input type="checkbox" name="visitorsMayComment" defaultChecked={settings.visitorsMayComment} /> Visitors
            without an account may comment (with a name)
          </label>
        )}
        <label>
          Comments that wait for my approval{' '}
          <select name="approval" defaultValue={settings.approval}>
            <option value="none">None</option>
            <option value="visitors">Visitors&rsquo; comments</option>
            <option value="everyone">Everyone&rsquo;s comments</option>
          </select>
        </label>
        <button type="submit">Save comment settings</button>
      </fieldset>
    </form>
  );
}

export function CommentLists({ current }: { current: CommentStatus }) {
  return (
    <nav aria-label="Comments by status" className="comment-lists">
      <ul>
        {LISTS.map((l) => (
          <li key={l.status}>
            <Link
              href={`/dashboard/comments?status=${l.status}`}
              aria-current={l.status === current ? 'page' : undefined}
              prefetch={false}
            >
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function CommentModeration({
  comments,
  status,
  done,
  canBlock,
}: {
  comments: ModeratedComment[];
  status: CommentStatus;
  done: string | null;
  canBlock: boolean;
}) {
  return (
    <>
      {done && DONE[done] ? (
        <p role="status" className="form-status">
          {DONE[done]}
        </p>
      ) : null}
      {comments.length === 0 ? (
        <p>No comments here.</p>
      ) : (
        <ul className="moderation">
          {comments.map((c) => (
            <li key={c.id} className="moderation__item" data-comment={c.id}>
              <p className="moderation__meta">
                <bdi>{c.author.name}</bdi>
                {c.author.memberId ? null : <span className="muted"> (visitor)</span>} on{' '}
                {c.post ? (
                  <a href={`${postPath(c.post.slug, c.post.language)}#${commentFragment(c.id)}`}>{c.post.title}</a>
                ) : (
                  <span className="muted">a post that is no longer published</span>
                )}
                , <time dateTime={c.createdDate}>{c.createdDate.slice(0, 10)}</time>
                {c.parentId ? <span className="muted"> (a reply)</span> : null}
              </p>
              <p className="moderation__text" dir="auto">
                {c.text}
              </p>
              <form method="post" action="/api/owner/comments" className="member-actions">
                <input type="hidden" name="id" value={c.id} />
                <input type="hidden" name="list" value={status} />
                {c.status !== 'PUBLISHED' ? (
                  <button type="submit" name="action" value="approve">
                    {c.status === 'HIDDEN' ? 'Show again' : 'Approve'}
                  </button>
                ) : null}
                {c.status !== 'HIDDEN' ? (
                  <button type="submit" name="action" value="hide">
                    Hide
                  </button>
                ) : null}
                <button type="submit" name="action" value="delete">
                  Delete
                </button>
                {canBlock && c.author.memberId ? (
                  <button type="submit" name="action" value="block">
                    Block the writer
                  </button>
                ) : null}
              </form>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** The owner's daily digest of comments waiting for approval: on (to an address) or off. */
export function DigestForm({ email, saved }: { email: string | null; saved: string | undefined }) {
  return (
    <form method="post" action="/api/owner/comments/digest" className="inline-form">
      {saved === 'digest' && <p role="status">The digest is on.</p>}
      {saved === 'digest-off' && <p role="status">The digest is off.</p>}
      <label>
        E-mail me a daily digest of comments waiting, at{' '}
        <input type="email" name="email" required defaultValue={email ?? ''} autoComplete="email" maxLength={254} />
      </label>
      <button type="submit" name="intent" value="on">
        {email ? 'Save' : 'Turn on'}
      </button>
      {email && (
        <button type="submit" name="intent" value="off" formNoValidate>
          Turn off
        </button>
      )}
    </form>
  );
}
