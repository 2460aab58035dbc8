import type { ReactNode } from 'react';
import { SaveForLater } from '@/components/members/reading-list';
import { ShareLinks } from './share-links';

// The end of a post (issue 47), in one calm order: the reader's actions in one row (like, save for later, one
// "Share"), the rating as stars under them, then one subscribe prompt (the site footer's own form is hidden on a post
// page: app/globals.css, `.post-end`). Static HTML from the post's data, so the post page stays prerendered; the
// scripts are the like button's, "Copy link" and "Share" islands.

interface PostActionsProps {
  postId: string;
  url: string;
  title: string;
  /** Off where the site has no readingList collection (lib/edge/pages/offers.ts). */
  saveForLater: boolean;
  language?: string | null;
  /** The like button and the rating, first in the row of reactions (the page reads their counts). */
  reactions?: ReactNode;
  /** The subscribe prompt, last. */
  subscribe?: ReactNode;
}

export function PostActions({ postId, url, title, saveForLater, language, reactions, subscribe }: PostActionsProps) {
  return (
    <div className="post-end">
      <div className="post-end__reactions">
        {reactions}
        {saveForLater && <SaveForLater postId={postId} language={language} />}
        <ShareLinks url={url} title={title} language={language} />
      </div>
      {subscribe}
    </div>
  );
}
