import { childEntries, renderChildren, wrapForeign } from './children';
import { anchorId, type NodeProps, type RenderContext } from './context';
import { bool, int, nodeData, type Rec } from './fields';
import { cx, nodeStyle } from './style';
import { defined } from './compact';

const ITEM_PARENTS = new Set(['BULLETED_LIST', 'ORDERED_LIST', 'CHECKBOX_LIST']);

/**
 * The list's classes and style, and its children: anything that is not a LIST_ITEM gets an <li> of its own so the
 * markup stays valid.
 */
function list(node: Rec, ctx: RenderContext, className: string) {
  const paint = nodeStyle(node);
  const children = wrapForeign(
    childEntries(node, ctx, { background: paint.background ?? ctx.background }),
    'LIST_ITEM',
    (child, key) => (
      <li key={key} className="rc-li">
        {child}
      </li>
    ),
  );
  return {
    props: defined({ id: anchorId(node, ctx), className: cx(className, paint.className), style: paint.style }),
    children,
  };
}

export function BulletedList({ node, ctx }: NodeProps) {
  const { props, children } = list(node, ctx, 'rc-list rc-ul');
  return <ul {...props}>{children}</ul>;
}

export function OrderedList({ node, ctx }: NodeProps) {
  const start = int(nodeData(node, 'orderedListData').start, -1_000_000, 1_000_000);
  const { props, children } = list(node, ctx, 'rc-list rc-ol');
  return (
    <ol {...props} {...defined({ start: start !== undefined && start !== 1 ? start : undefined })}>
      {children}
    </ol>
  );
}

export function CheckboxList({ node, ctx }: NodeProps) {
  const { props, children } = list(node, ctx, 'rc-list rc-checklist');
  return <ul {...props}>{children}</ul>;
}

export function ListItem({ node, ctx }: NodeProps) {
  const children = renderChildren(node, ctx);
  const anchor = defined({ id: anchorId(node, ctx) });
  if (!ctx.parent || !ITEM_PARENTS.has(ctx.parent))
    return (
      <div {...anchor} className="rc-li">
        {children}
      </div>
    );
  if (ctx.parent !== 'CHECKBOX_LIST')
    return (
      <li {...anchor} className="rc-li">
        {children}
      </li>
    );
  const checked = bool(nodeData(node, 'listItemData').checked) === true;
  return (
    <li {...anchor} className={cx('rc-li', 'rc-check-item', checked && 'rc-checked')}>
      <input
        type="checkbox"
        className="rc-checkbox"
        disabled
        defaultChecked={checked}
        aria-label={checked ? 'Done' : 'Not done'}
      />
      <div className="rc-check-body">{children}</div>
    </li>
  );
}
