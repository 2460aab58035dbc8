import { childEntries, renderChildren, wrapForeign } from './children';
import { anchorId, type NodeProps } from './context';
import { canonicalType, inlineText } from './document';
import { arr, bool, childNodes, get, int, nodeData, numish, obj, rec, str, text, type Rec } from './fields';
import { backgroundPaint, containerProps, cx, mergePaint, safeColor, type Style } from './style';
import { defined } from './compact';

export function Table({ node, ctx }: NodeProps) {
  const data = nodeData(node, 'tableData');
  const rowHeader = bool(data.rowHeader) ?? bool(data.header) ?? false;
  const columnHeader = bool(data.columnHeader) ?? false;
  const ratios = arr(get(data, 'dimensions', 'colsWidthRatio'))
    .map(numish)
    .filter((n): n is number => n !== undefined && n > 0);
  const total = ratios.reduce((a, b) => a + b, 0);
  // The editor's minimum column widths: below their sum the table scrolls rather than squeezing its columns.
  const minWidth = arr(get(data, 'dimensions', 'colsMinWidth')).reduce<number>(
    (sum, w) => sum + (int(w, 0, 2000) ?? 0),
    0,
  );
  const container = containerProps(data.containerData, 'rc-table-wrap');
  const rows = wrapForeign(
    childEntries(node, ctx, { table: { rowHeader, columnHeader, row: 0 } }),
    'TABLE_ROW',
    (child, key) => (
      <tr key={key}>
        <td>{child}</td>
      </tr>
    ),
  );
  // A wide table scrolls in its own box; the box takes focus so keyboard users can scroll it too.
  return (
    <div
      {...defined({ id: anchorId(node, ctx) })}
      className={container.className}
      {...defined({ style: container.style })}
      tabIndex={0}
      role="region"
      aria-label={text(data.altText) ?? regionLabel(node, rowHeader)}
    >
      <table
        className="rc-table"
        {...defined({ 'aria-label': text(data.altText) })}
        style={minWidth > 0 ? { minWidth: `${Math.min(minWidth, 4000)}px` } : undefined}
      >
        {ratios.length > 0 && ratios.length <= 1000 && (
          <colgroup>
            {ratios.map((r, i) => (
              <col key={i} style={{ width: `${((r / total) * 100).toFixed(2)}%` }} />
            ))}
          </colgroup>
        )}
        <tbody>{rows}</tbody>
      </table>
    </div>
  );
}

const MAX_LABEL = 100;

/** "Table: Name, Role" from the header row, else "Table". */
function regionLabel(node: Rec, rowHeader: boolean): string {
  const first = rowHeader
    ? childNodes(node)
        .map(obj)
        .find((c) => c && canonicalType(c) === 'TABLE_ROW')
    : undefined;
  const headers = first
    ? childNodes(first)
        .flatMap((c) => (obj(c) ? [inlineText(obj(c)!)] : []))
        .filter(Boolean)
    : [];
  const label = headers.length ? `Table: ${headers.join(', ')}` : 'Table';
  return label.length > MAX_LABEL ? `${label.slice(0, MAX_LABEL - 1)}…` : label;
}

export function TableRow({ node, ctx }: NodeProps) {
  if (ctx.parent !== 'TABLE') return <div className="rc-tr">{renderChildren(node, ctx)}</div>;
  const table = { rowHeader: false, columnHeader: false, ...ctx.table, row: ctx.index };
  const cells = wrapForeign(childEntries(node, ctx, { table }), 'TABLE_CELL', (child, key) => (
    <td key={key}>{child}</td>
  ));
  return <tr>{cells}</tr>;
}

const VALIGN: Record<string, string> = { TOP: 'top', MIDDLE: 'middle', BOTTOM: 'bottom' };
const SIDES = ['top', 'right', 'bottom', 'left'] as const;
const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);

export function TableCell({ node, ctx }: NodeProps) {
  const data = nodeData(node, 'tableCellData');
  const cellStyle = rec(data.cellStyle);
  const background = ctx.parent === 'TABLE_ROW' ? backgroundPaint(cellStyle.backgroundColor) : undefined;
  const children = renderChildren(node, ctx, { background: background?.background ?? ctx.background });
  if (ctx.parent !== 'TABLE_ROW') return <div className="rc-td">{children}</div>;
  const valign = str(cellStyle.verticalAlignment);
  const style: Style = {};
  const borders = rec(data.borderColors);
  for (const side of SIDES) {
    const color = safeColor(borders[side], 'fg');
    if (color) style[`border${cap(side)}Color` as 'borderTopColor'] = color;
  }
  const colSpan = int(data.colspan, 1, 1000);
  const rowSpan = int(data.rowspan, 1, 65534);
  const paint = mergePaint(background, { style });
  const props = defined({
    className: cx('rc-td', valign && Object.hasOwn(VALIGN, valign) && `rc-valign-${VALIGN[valign]}`, paint.className),
    style: paint.style && Object.keys(paint.style).length ? paint.style : undefined,
    colSpan: colSpan && colSpan > 1 ? colSpan : undefined,
    rowSpan: rowSpan && rowSpan > 1 ? rowSpan : undefined,
  });
  const { rowHeader = false, columnHeader = false, row = 0 } = ctx.table ?? {};
  if (rowHeader && row === 0)
    return (
      <th scope="col" {...props}>
        {children}
      </th>
    );
  if (columnHeader && ctx.index === 0)
    return (
      <th scope="row" {...props}>
        {children}
      </th>
    );
  return <td {...props}>{children}</td>;
}
