import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { node, paragraph, renderNodes, tags, text } from './helpers';

const cell = (value: string) => node('TABLE_CELL', { tableCellData: {} }, [paragraph(text(value))]);
const row = (...values: string[]) => node('TABLE_ROW', {}, values.map(cell));

/** The table of "HTTP/3 in production": at 320 px it showed "TTF B" and "HTT P/2". */
const HTTP3_TABLE = node(
  'TABLE',
  {
    tableData: {
      dimensions: {
        colsWidthRatio: [10, 10, 10, 10],
        rowsHeight: [47, 47, 47, 47, 47],
        colsMinWidth: [120, 120, 120, 120],
      },
      header: true,
      altText: 'Field data before and after HTTP/3',
    },
  },
  [row('Metric (mobile)', 'HTTP/2', 'HTTP/3', 'Change'), row('TTFB, p50', '310 ms', '290 ms', '−6%')],
);

const wrapper = (html: string) => tags(html, 'div').find((d) => d.class?.includes('rc-table-wrap'))!;

describe('tables', () => {
  test('a table scrolls in a focusable, labelled region', () => {
    expect(wrapper(renderNodes(HTTP3_TABLE))).toMatchObject({
      tabindex: '0',
      role: 'region',
      'aria-label': 'Field data before and after HTTP/3',
    });
  });

  test('without alt text, the region is named by its header row', () => {
    const html = renderNodes(
      node('TABLE', { tableData: { rowHeader: true } }, [row('Response', 'Cache-Control', 'Why'), row('a', 'b', 'c')]),
    );
    expect(wrapper(html)['aria-label']).toBe('Table: Response, Cache-Control, Why');
    expect(wrapper(renderNodes(node('TABLE', {}, [row('a', 'b')])))['aria-label']).toBe('Table');
  });

  test("the editor's minimum column widths set the width below which the table scrolls", () => {
    expect(tags(renderNodes(HTTP3_TABLE), 'table')[0]!.style).toBe('min-width:480px');
  });

  test('cells never split a word: auto layout, no break-anywhere rules, a readable minimum width', () => {
    const css = readFileSync(new URL('../../../components/rich-content/rich-content.css', import.meta.url), 'utf8');
    const tables = css.slice(css.indexOf('/* Tables'), css.indexOf('/* Collapsible'));
    expect(tables).not.toMatch(/table-layout:\s*fixed/);
    expect(tables).not.toMatch(
      /word-break:\s*break-(all|word)|overflow-wrap:\s*anywhere|line-break:\s*anywhere|hyphens:\s*auto/,
    );
    expect(tables).toMatch(
      /\.rc-table :is\(td, th\) \{[^}]*overflow-wrap: normal;[^}]*word-break: normal;[^}]*min-width: \d+rem;/,
    );
  });

  test('the scroll box shows shadows on the sides with more to see', () => {
    const css = readFileSync(new URL('../../../components/rich-content/rich-content.css', import.meta.url), 'utf8');
    const wrap = css.slice(css.indexOf('.rc-table-wrap {'), css.indexOf('}', css.indexOf('.rc-table-wrap {')));
    expect(wrap).toContain('overflow-x: auto');
    expect(wrap.match(/ local,?\n/g)).toHaveLength(2);
    expect(wrap.match(/ scroll[;,]\n/g)).toHaveLength(2);
  });
});
