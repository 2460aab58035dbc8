import { renderChildren } from './children';
import { anchorId, type NodeProps } from './context';
import { get, int, nodeData, str, text } from './fields';
import { Img } from './image';
import {
  adaptColor,
  backgroundPaint,
  colorVars,
  containerProps,
  cx,
  mergePaint,
  nodeStyle,
  safeColor,
  type Style,
} from './style';
import { defined } from './compact';

export function Layout({ node, ctx }: NodeProps) {
  const data = nodeData(node, 'layoutData');
  const container = containerProps(data.containerData, 'rc-layout');
  const gap = int(data.gap, 0, 200);
  const paint = mergePaint(
    mergePaint(
      { style: gap !== undefined ? { ...container.style, '--rc-gap': `${gap}px` } : container.style },
      nodeStyle(node),
    ),
    backgroundPaint(get(data, 'background', 'color') ?? data.backgroundColor),
  );
  return (
    <div
      {...defined({ id: anchorId(node, ctx) })}
      className={cx(container.className, paint.className)}
      {...defined({ style: paint.style })}
    >
      {renderChildren(node, ctx, { background: paint.background ?? ctx.background })}
    </div>
  );
}

export function LayoutCell({ node, ctx }: NodeProps) {
  const span = int(nodeData(node, 'layoutCellData').colSpan, 1, 12);
  return (
    <div
      {...defined({ id: anchorId(node, ctx) })}
      className="rc-layout-cell"
      style={span ? ({ '--rc-span': span } as Style) : undefined}
    >
      {renderChildren(node, ctx)}
    </div>
  );
}

export function Card({ node, ctx }: NodeProps) {
  const data = nodeData(node, 'cardData');
  const paint = mergePaint(nodeStyle(node), backgroundPaint(get(data, 'background', 'color')));
  const image = Img({ media: get(data, 'backgroundImage', 'media'), alt: '', className: 'rc-card-bg' });
  return (
    <div
      {...defined({ id: anchorId(node, ctx) })}
      className={cx('rc-card', image ? 'rc-card-has-bg' : undefined, paint.className)}
      {...defined({ style: paint.style })}
    >
      {image}
      <div className="rc-card-content">
        {renderChildren(node, ctx, { background: paint.background ?? ctx.background })}
      </div>
    </div>
  );
}

const COLUMNS: Record<string, number> = { SMALL: 4, MEDIUM: 3, LARGE: 2, EXTRA_LARGE: 1 };
const variantClass = (prefix: string, value: unknown) => {
  const v = str(value);
  return v && /^[A-Z_]{1,40}$/.test(v) ? `${prefix}-${v.toLowerCase().replace(/_/g, '-')}` : undefined;
};

export function SmartBlock({ node, ctx }: NodeProps) {
  const data = nodeData(node, 'smartBlockData');
  const size = str(data.columnSize);
  const columns = size && Object.hasOwn(COLUMNS, size) ? COLUMNS[size]! : 3;
  const style: Style = { '--rc-smart-cols': columns };
  const border = safeColor(data.borderColor, 'fg');
  if (border) style.borderColor = border;
  return (
    <div
      {...defined({ id: anchorId(node, ctx) })}
      className={cx(
        'rc-smart-block',
        variantClass('rc-smart', data.type),
        data.orientation === 'VERTICAL' && 'rc-smart-vertical',
      )}
      {...defined({ style: style })}
    >
      {renderChildren(node, ctx)}
    </div>
  );
}

export function SmartBlockCell({ node, ctx }: NodeProps) {
  const data = nodeData(node, 'smartBlockCellData');
  const background = backgroundPaint(data.backgroundColor);
  const on = background?.background ?? ctx.background;
  // The accent is the label's text colour as well as the top border's.
  const accent = adaptColor(data.accentColor, on);
  const border = safeColor(data.borderColor, 'fg');
  const paint = mergePaint(background, {
    style: { ...(accent && colorVars('rc-smart-accent', accent)), ...(border && { borderColor: border }) },
  });
  const label = text(data.label);
  return (
    <div
      {...defined({ id: anchorId(node, ctx) })}
      className={cx('rc-smart-cell', paint.className)}
      style={paint.style && Object.keys(paint.style).length ? paint.style : undefined}
    >
      {label && <span className="rc-smart-label">{label}</span>}
      {renderChildren(node, ctx, { background: on })}
    </div>
  );
}

/** A custom node from another app: its data has no agreed shape, so only its children are shown. */
export function External({ node, ctx }: NodeProps) {
  const children = renderChildren(node, ctx);
  return children.length ? (
    <div {...defined({ id: anchorId(node, ctx) })} className="rc-external">
      {children}
    </div>
  ) : null;
}
