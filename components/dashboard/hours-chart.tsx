import { ChartTable } from './chart-table';
import { formatCount } from './format';

// Views by hour of the day (UTC) over the period, as server-rendered SVG bars, each with its figure on hover (its SVG
// <title>) and the same figures in a table below.

const BAR = 22;
const GAP = 6;
const PLOT = 100;
const TOP = 8;
const BOTTOM = 20;

export function HoursChart({ hours }: { hours: { hour: string; views: number; visitors: number }[] }) {
  const max = Math.max(1, ...hours.map((h) => h.views));
  const width = hours.length * (BAR + GAP) + GAP;
  const busiest = hours.reduce((best, h) => (h.views > best.views ? h : best), hours[0]!);
  return (
    <figure className="chart">
      <svg
        viewBox={`0 0 ${width} ${TOP + PLOT + BOTTOM}`}
        role="img"
        aria-labelledby="hours-title"
        className="chart__svg"
      >
        <title id="hours-title">
          {busiest.views
            ? `Views by hour of the day: busiest ${busiest.hour}:00 UTC`
            : 'Views by hour of the day: none'}
        </title>
        {hours.map((h, i) => {
          const height = Math.round((h.views / max) * PLOT);
          const x = GAP + i * (BAR + GAP);
          return (
            <g key={h.hour}>
              <rect
                x={x}
                y={TOP + PLOT - height}
                width={BAR}
                height={Math.max(height, h.views ? 1 : 0)}
                rx={2}
                className="chart__bar"
              >
                <title>{`${h.hour}:00–${h.hour}:59 UTC: ${formatCount(h.views)} views`}</title>
              </rect>
              {i % 3 === 0 && (
                <text x={x + BAR / 2} y={TOP + PLOT + 14} textAnchor="middle" className="chart__label">
                  {h.hour}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption>
        <ChartTable
          summary="Views by hour as a table"
          columns={['Hour (UTC)', 'Views']}
          rows={hours.map((h) => ({ key: h.hour, label: `${h.hour}:00`, cells: [formatCount(h.views)] }))}
        />
      </figcaption>
    </figure>
  );
}
