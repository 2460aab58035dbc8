import { PostDate } from '@/components/post/post-date';
import type { ReadingListRow } from '@/lib/reading-list/view';
import { READING_LIST_API, SAVED_FRAGMENT, postPath } from '@/lib/core/site';
import { words } from '@/lib/core/i18n';

// The reading list's two sides, plain HTML forms posting to app/api/members/reading-list (so both work without
// JavaScript): "Save for later" under each post, and the account page's list of saved posts with "Remove" on each.

/**
 * Under a post: the form, and the notice the route's answer points at (`#saved-for-later`), shown by CSS `:target`.
 * The page is prerendered, the same for every reader, so the button always offers to save: saving twice keeps one.
 */
export function SaveForLater({ postId, language }: { postId: string; language?: string | null }) {
  const { t } = words(language);
  return (
    <div className="save-for-later">
      <form method="post" action={READING_LIST_API}>
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="postId" value={postId} />
        <button type="submit">{t('post.save')}</button>
      </form>
      <p id={SAVED_FRAGMENT} className="save-for-later__saved" role="status" tabIndex={-1}>
        {t('post.saved')} <a href="/account#reading-list">{t('post.seeSaved')}</a>
      </p>
    </div>
  );
}

/** The account page's section: each saved post (the latest first) with the date it was saved and a Remove button. */
export function ReadingList({ rows }: { rows: ReadingListRow[] | null | 'off' }) {
  if (rows === 'off') return null;
  return (
    <section className="member-section" id="reading-list" aria-labelledby="reading-list-heading">
      <h2 id="reading-list-heading">Reading list</h2>
      {rows === null ? (
        <p role="status">Your reading list cannot be shown right now. Please try again in a few minutes.</p>
      ) : rows.length === 0 ? (
        <p>Nothing saved yet. “Save for later” under a post keeps it here.</p>
      ) : (
        <ul className="reading-list">
          {rows.map((row) => {
            const title = row.post?.title ?? 'A post that is no longer published';
            return (
              <li key={row.itemId} className="reading-list__item">
                {row.post ? <a href={postPath(row.post.slug, row.post.language)}>{title}</a> : <span>{title}</span>}
                <span className="reading-list__date">
                  Saved <PostDate iso={row.savedDate} />
                </span>
                <form method="post" action={READING_LIST_API}>
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="itemId" value={row.itemId} />
                  <button type="submit">
                    Remove<span className="visually-hidden"> “{title}” from your reading list</span>
                  </button>
                </form>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
