import type { ReactNode } from 'react';
import { renderChildren } from './children';
import { anchorId, type NodeProps } from './context';
import { canonicalType, headingLevel, textOf, walk } from './document';
import { childNodes, nodeData, obj, str } from './fields';
import { containerProps, cx, mergePaint, nodeStyle, textStyleProps } from './style';
import { defined } from './compact';
import { CopyCode } from './copy-code';
import { highlight } from './highlight';
import { TextRun } from './text';

const onlyText = (node: NodeProps['node']) =>
  childNodes(node).every((c) => !obj(c) || canonicalType(obj(c)!) === 'TEXT');

export function Paragraph({ node, ctx }: NodeProps) {
  const paint = mergePaint(
    nodeStyle(node),
    textStyleProps(nodeData(node, canonicalType(node) === 'HEADING' ? 'headingData' : 'paragraphData')),
  );
  const props = defined({
    id: anchorId(node, ctx),
    className: cx('rc-p', paint.className),
    style: paint.style,
    dir: 'auto',
  });
  const children = renderChildren(node, ctx, { background: paint.background ?? ctx.background });
  if (ctx.inline) return <span {...props}>{children}</span>;
  // A paragraph holding block nodes cannot be a <p>: the browser would split it apart.
  if (!onlyText(node)) return <div {...props}>{children}</div>;
  return <p {...props}>{children.length ? children : <br />}</p>;
}

export function Text({ node, ctx }: NodeProps) {
  return TextRun({ nodes: [node], ctx });
}

export function Heading({ node, ctx }: NodeProps) {
  const id = ctx.doc.headingIds.get(node);
  // An empty heading is spacing in the editor; as a heading it would be an empty landmark for screen readers.
  if (!id) return Paragraph({ node, ctx });
  const level = headingLevel(node);
  const Tag = `h${level}` as 'h2';
  const paint = mergePaint(nodeStyle(node), textStyleProps(nodeData(node, 'headingData')));
  return (
    <Tag
      id={id}
      className={cx('rc-heading', `rc-h${level}`, paint.className)}
      {...defined({ style: paint.style })}
      dir="auto"
    >
      {renderChildren(node, ctx, { background: paint.background ?? ctx.background })}
    </Tag>
  );
}

export function Blockquote({ node, ctx }: NodeProps) {
  const { className } = textStyleProps(nodeData(node, 'blockquoteData'));
  const paint = nodeStyle(node);
  return (
    <blockquote
      {...defined({ id: anchorId(node, ctx) })}
      className={cx('rc-quote', className, paint.className)}
      {...defined({ style: paint.style })}
      dir="auto"
    >
      {renderChildren(node, ctx, { background: paint.background ?? ctx.background })}
    </blockquote>
  );
}

export function CodeBlock({ node, ctx }: NodeProps) {
  const lines: string[] = [];
  let line = '';
  for (const visit of walk([node], ctx.depth)) {
    if (visit.type === 'TEXT') line += textOf(visit.node);
    else if (visit.node !== node && line) {
      lines.push(line);
      line = '';
    }
  }
  if (line) lines.push(line);
  const paint = nodeStyle(node);
  // Highlighted on the server (highlight.ts: classes, themed by rich-content.css; no script), the language it was read
  // as in a small label, and "Copy" as an island. Long lines scroll sideways inside the block: focusable, so a
  // keyboard can scroll it too.
  const named = (node.codeBlockData as { language?: unknown } | undefined)?.language;
  const { html, language } = highlight(lines.join('\n'), typeof named === 'string' ? named : undefined);
  return (
    <div className="rc-codeblock">
      {language && <span className="rc-code__lang">{language}</span>}
      {ctx.islands && <CopyCode />}
      <pre
        {...defined({ id: anchorId(node, ctx) })}
        className={cx('rc-code', paint.className)}
        {...defined({ style: paint.style })}
        dir="ltr"
        tabIndex={0}
      >
        <code className="hljs" dangerouslySetInnerHTML={{ __html: html }} />
      </pre>
    </div>
  );
}

const FIGURE_PARENTS = new Set(['IMAGE', 'GALLERY', 'VIDEO', 'AUDIO', 'GIF', 'EMBED']);

/** Captions of media nodes sit inside the media's <figcaption>; elsewhere they are a paragraph of their own. */
export function Caption({ node, ctx }: NodeProps): ReactNode {
  const { className, style } = textStyleProps(nodeData(node, 'captionData'));
  const children = renderChildren(node, ctx, { inline: true });
  if (ctx.parent && FIGURE_PARENTS.has(ctx.parent))
    return <span className={cx('rc-caption-text', className)}>{children}</span>;
  return (
    <p
      {...defined({ id: anchorId(node, ctx) })}
      className={cx('rc-caption', className)}
      {...defined({ style: style })}
      dir="auto"
    >
      {children}
    </p>
  );
}

const LINE_STYLES = new Set(['SINGLE', 'DOUBLE', 'DASHED', 'DOTTED']);
const LINE_WIDTHS = new Set(['LARGE', 'MEDIUM', 'SMALL']);

export function Divider({ node, ctx }: NodeProps) {
  const data = nodeData(node, 'dividerData');
  const lineStyle = str(data.lineStyle);
  const width = str(data.width);
  const align = str(data.alignment);
  const container = containerProps(data.containerData, 'rc-divider');
  return (
    <hr
      {...defined({ id: anchorId(node, ctx) })}
      className={cx(
        container.className,
        lineStyle && LINE_STYLES.has(lineStyle) && `rc-divider-${lineStyle.toLowerCase()}`,
        width && LINE_WIDTHS.has(width) && `rc-divider-${width.toLowerCase()}`,
        (align === 'LEFT' || align === 'RIGHT') && `rc-divider-${align.toLowerCase()}`,
      )}
    />
  );
}
