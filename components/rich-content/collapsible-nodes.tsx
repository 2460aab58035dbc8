import { childEntries, renderChildren } from './children';
import { anchorId, type NodeProps } from './context';
import { nodeData, str } from './fields';
import { containerProps, cx, nodeStyle } from './style';
import { defined } from './compact';

const OPEN_MODES = new Set(['FIRST', 'ALL', 'NONE'] as const);
type OpenMode = 'FIRST' | 'ALL' | 'NONE';

export function CollapsibleList({ node, ctx }: NodeProps) {
  const data = nodeData(node, 'collapsibleListData');
  const mode = str(data.initialExpandedItems);
  const open: OpenMode = mode && OPEN_MODES.has(mode as OpenMode) ? (mode as OpenMode) : 'FIRST';
  const nodeId = str(node.id)
    ?.replace(/[^\w-]/g, '')
    .slice(0, 40);
  // <details name> makes the group exclusive in the browser, with no script.
  const group = data.expandOnlyOne === true ? `rc-${nodeId || 'group'}-${ctx.depth}` : undefined;
  const container = containerProps(data.containerData, 'rc-collapsible');
  const paint = nodeStyle(node);
  return (
    <div
      {...defined({ id: anchorId(node, ctx) })}
      className={cx(container.className, paint.className)}
      {...defined({ style: paint.style })}
      dir={data.direction === 'RTL' ? 'rtl' : undefined}
    >
      {renderChildren(node, ctx, { collapsible: { open, group }, background: paint.background ?? ctx.background })}
    </div>
  );
}

export function CollapsibleItem({ node, ctx }: NodeProps) {
  const entries = childEntries(node, ctx);
  const title = entries.filter((e) => e.type === 'COLLAPSIBLE_ITEM_TITLE').map((e) => e.element);
  const rest = entries.filter((e) => e.type !== 'COLLAPSIBLE_ITEM_TITLE').map((e) => e.element);
  const inList = ctx.parent === 'COLLAPSIBLE_LIST';
  const mode = inList ? (ctx.collapsible?.open ?? 'FIRST') : 'NONE';
  const open = mode === 'ALL' || (mode === 'FIRST' && ctx.index === 0);
  return (
    <details
      {...defined({ id: anchorId(node, ctx) })}
      className="rc-collapsible-item"
      open={open}
      name={inList ? ctx.collapsible?.group : undefined}
    >
      {title.length ? title : <summary className="rc-collapsible-title">…</summary>}
      {rest}
    </details>
  );
}

export function CollapsibleItemTitle({ node, ctx }: NodeProps) {
  const children = renderChildren(node, ctx, { inline: true });
  if (ctx.parent !== 'COLLAPSIBLE_ITEM') return <div className="rc-collapsible-title">{children}</div>;
  return <summary className="rc-collapsible-title">{children}</summary>;
}

export function CollapsibleItemBody({ node, ctx }: NodeProps) {
  return <div className="rc-collapsible-body">{renderChildren(node, ctx, { inline: false })}</div>;
}
