import { renderChildren } from './children';
import { anchorId, type NodeProps } from './context';
import { get, int, nodeData, str, text } from './fields';
import { Img } from './image';
import { containerProps, cx, nodeStyle, safeColor, type Style } from './style';

export function Layout({ node, ctx }: NodeProps) {
  const data = nodeData(node, 'layoutData');
  const container = containerProps(data.containerData, 'rc-layout');
  const style: Style = { ...container.style, ...nodeStyle(node) };
  const background = safeColor(get(data, 'background', 'color') ?? data.backgroundColor, 'surface');
  const gap = int(data.gap, 0, 200);
  if (background) style.backgroundColor = background;
  if (gap !== undefined) style['--rc-gap'] = `${gap}px`;
  return (
    <div id={anchorId(node, ctx)} className={container.className} style={Object.keys(style).length ? style : undefined}>
      {renderChildren(node, ctx)}
    </div>
  );
}

export function LayoutCell({ node, ctx }: NodeProps) {
  const span = int(nodeData(node, 'layoutCellData').colSpan, 1, 12);
  return (
    <div id={anchorId(node, ctx)} className="rc-layout-cell" style={span ? ({ '--rc-span': span } as Style) : undefined}>
      {renderChildren(node, ctx)}
    </div>
  );
}

export function Card({ node, ctx }: NodeProps) {
  const data = nodeData(node, 'cardData');
  const background = safeColor(get(data, 'background', 'color'), 'surface');
  const image = Img({ media: get(data, 'backgroundImage', 'media'), alt: '', className: 'rc-card-bg' });
  return (
    <div
      id={anchorId(node, ctx)}
      className={cx('rc-card', image ? 'rc-card-has-bg' : undefined)}
      style={background ? { ...nodeStyle(node), backgroundColor: background } : nodeStyle(node)}
    >
      {image}
      <div className="rc-card-content">{renderChildren(node, ctx)}</div>
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
      id={anchorId(node, ctx)}
      className={cx('rc-smart-block', variantClass('rc-smart', data.type), data.orientation === 'VERTICAL' && 'rc-smart-vertical')}
      style={style}
    >
      {renderChildren(node, ctx)}
    </div>
  );
}

export function SmartBlockCell({ node, ctx }: NodeProps) {
  const data = nodeData(node, 'smartBlockCellData');
  const style: Style = {};
  const accent = safeColor(data.accentColor, 'accent');
  const background = safeColor(data.backgroundColor, 'surface');
  const border = safeColor(data.borderColor, 'fg');
  if (accent) style['--rc-smart-accent'] = accent;
  if (background) style.backgroundColor = background;
  if (border) style.borderColor = border;
  const label = text(data.label);
  return (
    <div id={anchorId(node, ctx)} className="rc-smart-cell" style={Object.keys(style).length ? style : undefined}>
      {label && <span className="rc-smart-label">{label}</span>}
      {renderChildren(node, ctx)}
    </div>
  );
}

/** A custom node from another app: its data has no agreed shape, so only its children are shown. */
export function External({ node, ctx }: NodeProps) {
  const children = renderChildren(node, ctx);
  return children.length ? <div id={anchorId(node, ctx)} className="rc-external">{children}</div> : null;
}

