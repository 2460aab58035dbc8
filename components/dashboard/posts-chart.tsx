import type { MonthBar } from '@/lib/edge/dashboard/chart';

// Posts per month as a server-rendered SVG bar chart; the numbers are also in a table for screen readers.

const BAR = 28;
const GAP = 10;
const PLOT_HEIGHT = 160;
const TOP = 20;
const LABEL_SPACE = 36;

export function PostsChart({ bars, caption }: { bars: MonthBar[]; caption: string }) {
  const max = Math.max(1, ...bars.map((b) => b.count));
  const width = bars.length * (BAR + GAP) + GAP;
  const height = TOP + PLOT_HEIGHT + LABEL_SPACE;
  const labelEvery = Math.ceil(bars.length / 12);
  const total = bars.reduce((sum, b) => sum + b.count, 0);
  return (
    <figure className="chart">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-labelledby="chart-title"
        className="chart__svg"
        preserveAspectRatio="xMinYMin meet"
      >
        <title id="chart-title">{`${caption}: ${total} posts in ${bars.length} months`}</title>
        <line x1={0} x2={width} y1={TOP + PLOT_HEIGHT} y2={TOP + PLOT_HEIGHT} className="chart__axis" />
        {bars.map((bar, i) => {
          const h = Math.round((bar.count / max) * PLOT_HEIGHT);
          const x = GAP + i * (BAR + GAP);
          const y = TOP + PLOT_HEIGHT - h;
          return (
            <g key={bar.key} data-month={bar.key} data-count={bar.count}>
              <rect x={x} y={y} width={BAR} height={Math.max(h, bar.count ? 1 : 0)} rx={3} className="chart__bar">
                <title>{`${bar.label}: ${bar.count} ${bar.count === 1 ? 'post' : 'posts'}`}</title>
              </rect>
              {bar.count > 0 && (
                <text x={x + BAR / 2} y={y - 5} textAnchor="middle" className="chart__value">
                  {bar.count}
                </text>
              )}
              {i % labelEvery === 0 && (
                <text x={x + BAR / 2} y={TOP + PLOT_HEIGHT + 16} textAnchor="middle" className="chart__label">
                  {bar.label.split(' ')[0]}
                  <tspan x={x + BAR / 2} dy={13}>
                    {bar.label.split(' ')[1]}
                  </tspan>
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption>
        <details>
          <summary>{caption} as a table</summary>
          <table className="chart__table">
            <thead>
              <tr>
                <th scope="col">Month</th>
                <th scope="col">Posts</th>
              </tr>
            </thead>
            <tbody>
              {bars.map((bar) => (
                <tr key={bar.key}>
                  <th scope="row">{bar.label}</th>
                  <td>{bar.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      </figcaption>
    </figure>
  );
}
