import { analyzeDocument, type TocEntry } from './document';
import { cx } from './style';

export type { TocEntry };

/**
 * The document's section headings in order, with the ids `<RichContent>` gives them: a slug of the text,
 * de-duplicated with `-2`, `-3`. Headings without a word (a "17" in a stats block) are not listed.
 * Accepts `post.richContent` or its node array.
 */
export function tableOfContents(content: unknown): TocEntry[] {
  return analyzeDocument(content).toc;
}

/**
 * The entries for a contents box a page puts above the post: none when the post has a contents block of its
 * own (a TOC node), which `<RichContent>` renders where the author put it, so a post never shows two.
 */
export function pageContents(content: unknown): TocEntry[] {
  const { toc, hasToc } = analyzeDocument(content);
  return hasToc ? [] : toc;
}

export interface TableOfContentsProps {
  /** `post.richContent` (or its nodes); ignored when `entries` is given. */
  content?: unknown;
  entries?: TocEntry[];
  /** Heading levels to list; all by default. */
  levels?: readonly number[];
  title?: string;
  numbered?: boolean;
  className?: string;
}

export function TocList({ entries, numbered = false }: { entries: TocEntry[]; numbered?: boolean }) {
  const top = entries.reduce((min, e) => Math.min(min, e.level), 6);
  const List = numbered ? 'ol' : 'ul';
  return (
    <List className="rc-toc-list">
      {entries.map((entry) => (
        <li key={entry.id} className={`rc-toc-item rc-toc-depth-${Math.min(entry.level - top, 5)}`}>
          <a href={`#${encodeURIComponent(entry.id)}`}>{entry.text}</a>
        </li>
      ))}
    </List>
  );
}

/** Links to the headings of a post, with the same ids `<RichContent>` renders on them. */
export function TableOfContents({
  content,
  entries,
  levels,
  title = 'Contents',
  numbered,
  className,
}: TableOfContentsProps) {
  const all = entries ?? tableOfContents(content);
  const shown = levels ? all.filter((e) => levels.includes(e.level)) : all;
  if (!shown.length) return null;
  return (
    <nav className={cx('rc-toc', className)} aria-label={title}>
      {title && <p className="rc-toc-title">{title}</p>}
      <TocList entries={shown} numbered={numbered} />
    </nav>
  );
}
