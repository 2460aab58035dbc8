import { childEntries, renderChildren, wrapForeign } from './children';
import { anchorId, type NodeProps, type RenderContext } from './context';
import { bool, int, nodeData, type Rec } from './fields';
import { cx, nodeStyle } from './style';

const ITEM_PARENTS = new Set(['BULLETED_LIST', 'ORDERED_LIST', 'CHECKBOX_LIST']);

/** List children; anything that is not a LIST_ITEM gets an <li> of its own so the markup stays valid. */
const items = (node: Rec, ctx: RenderContext) =>
  wrapForeign(childEntries(node, ctx), 'LIST_ITEM', (child, key) => (
    <li key={key} className="rc-li">
      {child}
    </li>
  ));

export function BulletedList({ node, ctx }: NodeProps) {
  return (
    <ul id={anchorId(node, ctx)} className="rc-list rc-ul" style={nodeStyle(node)}>
      {items(node, ctx)}
    </ul>
  );
}

export function OrderedList({ node, ctx }: NodeProps) {
  const start = int(nodeData(node, 'orderedListData').start, -1_000_000, 1_000_000);
  return (
    <ol id={anchorId(node, ctx)} className="rc-list rc-ol" start={start !== undefined && start !== 1 ? start : undefined} style={nodeStyle(node)}>
      {items(node, ctx)}
    </ol>
  );
}

export function CheckboxList({ node, ctx }: NodeProps) {
  return (
    <ul id={anchorId(node, ctx)} className="rc-list rc-checklist" style={nodeStyle(node)}>
      {items(node, ctx)}
    </ul>
  );
}

export function ListItem({ node, ctx }: NodeProps) {
  const children = renderChildren(node, ctx);
  const id = anchorId(node, ctx);
  if (!ctx.parent || !ITEM_PARENTS.has(ctx.parent)) return <div id={id} className="rc-li">{children}</div>;
  if (ctx.parent !== 'CHECKBOX_LIST') return <li id={id} className="rc-li">{children}</li>;
  const checked = bool(nodeData(node, 'listItemData').checked) === true;
  return (
    <li id={id} className={cx('rc-li', 'rc-check-item', checked && 'rc-checked')}>
      <input type="checkbox" className="rc-checkbox" disabled defaultChecked={checked} aria-label={checked ? 'Done' : 'Not done'} />
      <div className="rc-check-body">{children}</div>
    </li>
  );
}
