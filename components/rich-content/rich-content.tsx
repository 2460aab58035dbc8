import type { RenderContext } from './context';
import { childEntries } from './children';
import { analyzeDocument, rootNodes } from './document';
import { renderNode } from './render';
import { cx } from './style';

export interface RichContentProps {
  /** `post.richContent` as the API returns it (REST shape), or its node array; anything else renders nothing. */
  content: unknown;
  /** Load the document's first image eagerly with high priority (it is usually above the fold). Default true. */
  priority?: boolean;
  className?: string;
  /**
   * Render the client islands (a code block's "Copy"). Default true; false where the markup is made outside a page
   * (the feed renders in a route handler, where a client component cannot run).
   */
  islands?: boolean;
  /** The post the content is, on its page: its polls are forms posting votes for it. */
  postId?: string;
  /** The ids of the post's polls the owner closed. */
  closedPolls?: readonly string[];
}

/** A post's rich content rendered on the server: plain HTML and CSS classes (`rc-*`); a code block's "Copy" island. */
export function RichContent({
  content,
  priority = true,
  className,
  islands = true,
  postId,
  closedPolls,
}: RichContentProps) {
  const nodes = rootNodes(content);
  if (!nodes.length) return null;
  const doc = analyzeDocument(nodes);
  const ctx: RenderContext = {
    doc: priority ? doc : { ...doc, firstImage: undefined },
    depth: -1,
    index: 0,
    inline: false,
    islands,
    postId,
    closedPolls,
    renderNode,
  };
  const children = childEntries({ type: 'ROOT', nodes }, ctx).map((entry) => entry.element);
  return <div className={cx('rc', className)}>{children}</div>;
}
