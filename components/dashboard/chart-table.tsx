import type { ReactNode } from 'react';

// The table behind a chart (its figures for screen readers, keyboards and anyone who would rather read them), folded
// under the chart in <details>: a first column naming each row, then its figures.

export function ChartTable({
  summary,
  columns,
  rows,
}: {
  summary: string;
  /** The first column's heading, then each figure's. */
  columns: string[];
  rows: { key: string; label: ReactNode; cells: ReactNode[] }[];
}) {
  return (
    <details>
      <summary>{summary}</summary>
      <div className="table-scroll">
        <table className="chart__table">
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{row.label}</th>
                {row.cells.map((cell, i) => (
                  <td key={i}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
