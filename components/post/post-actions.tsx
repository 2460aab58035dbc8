import { SaveForLater } from '@/components/members/reading-list';
import { ShareLinks } from './share-links';

// What a reader does with a post once read: save it for later (members) and share it. Static HTML from the post's data,
// so the post page stays prerendered; the only script is the "Copy link" island.

interface PostActionsProps {
  postId: string;
  url: string;
  title: string;
  /** Off where the site has no readingList collection (lib/edge/pages/offers.ts). */
  saveForLater: boolean;
  language?: string | null;
}

export function PostActions({ postId, url, title, saveForLater, language }: PostActionsProps) {
  return (
    <div className="post-actions">
      {saveForLater && <SaveForLater postId={postId} language={language} />}
      <ShareLinks url={url} title={title} language={language} />
    </div>
  );
}
