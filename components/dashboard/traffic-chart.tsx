import type { Point } from '@/lib/analytics/reads';
import { ChartTable } from './chart-table';
import { formatCount } from './format';

// Visitors and views over a period as a server-rendered SVG: visitors a filled area, views a line above it, a grid of
// four steps. Hovering a day shows its figures (each day's column has its SVG <title>, which browsers show as a
// tooltip and screen readers read); the same figures are in a table below, and in the CSV.

const WIDTH = 720;
const HEIGHT = 220;
const LEFT = 44;
const RIGHT = 8;
const TOP = 12;
const BOTTOM = 28;

/** A round step for the grid: 1, 2 or 5 times a power of ten, at least a quarter of `max`. */
function stepOf(max: number) {
  const rough = Math.max(max, 4) / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  return [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough)!;
}

export function TrafficChart({ id, points, title }: { id: string; points: Point[]; title: string }) {
  const step = stepOf(Math.max(0, ...points.map((p) => p.views)));
  const top = step * 4;
  const plotW = WIDTH - LEFT - RIGHT;
  const plotH = HEIGHT - TOP - BOTTOM;
  const x = (i: number) => LEFT + (points.length <= 1 ? plotW / 2 : (i / (points.length - 1)) * plotW);
  const y = (value: number) => TOP + plotH - (value / top) * plotH;
  const line = (key: 'views' | 'visitors') => points.map((p, i) => `${i ? 'L' : 'M'}${x(i)},${y(p[key])}`).join('');
  const area = `${line('visitors')}L${x(points.length - 1)},${y(0)}L${x(0)},${y(0)}Z`;
  const labelEvery = Math.ceil(points.length / 8);
  const column = points.length > 1 ? plotW / (points.length - 1) : plotW;
  const visitors = points.reduce((sum, p) => sum + p.visitors, 0);
  const views = points.reduce((sum, p) => sum + p.views, 0);
  return (
    <figure className="chart traffic">
      {/* On a phone the chart keeps a readable size and scrolls sideways. */}
      <div className="table-scroll traffic__scroll">
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${id}-title`} className="chart__svg">
          <title id={`${id}-title`}>
            {`${title}: ${formatCount(visitors)} visitors and ${formatCount(views)} views over ${points.length} ` +
              `${points[0]?.key.length === 7 ? 'months' : 'days'}`}
          </title>
          {[0, 1, 2, 3, 4].map((n) => (
            <g key={n}>
              <line x1={LEFT} x2={WIDTH - RIGHT} y1={y(n * step)} y2={y(n * step)} className="chart__grid" />
              <text x={LEFT - 6} y={y(n * step) + 4} textAnchor="end" className="chart__label">
                {formatCount(n * step)}
              </text>
            </g>
          ))}
          <path d={area} className="traffic__area" />
          <path d={line('visitors')} className="traffic__visitors" />
          <path d={line('views')} className="traffic__views" />
          {points.map((p, i) => (
            <g key={p.key} className="traffic__point">
              <rect x={x(i) - column / 2} y={TOP} width={column} height={plotH} className="traffic__hit">
                <title>{`${p.label}: ${formatCount(p.visitors)} visitors, ${formatCount(p.views)} views`}</title>
              </rect>
              {i % labelEvery === 0 && (
                <text x={x(i)} y={HEIGHT - 8} textAnchor="middle" className="chart__label">
                  {p.label}
                </text>
              )}
            </g>
          ))}
        </svg>
      </div>
      <figcaption>
        <p className="traffic__legend" aria-hidden="true">
          <span className="traffic__key traffic__key--visitors">Visitors</span>
          <span className="traffic__key traffic__key--views">Views</span>
        </p>
        <ChartTable
          summary={`${title} as a table`}
          columns={[points[0]?.key.length === 7 ? 'Month' : 'Day', 'Visitors', 'Views']}
          rows={points.map((p) => ({
            key: p.key,
            label: p.label,
            cells: [formatCount(p.visitors), formatCount(p.views)],
          }))}
        />
      </figcaption>
    </figure>
  );
}

/** The analytics pages' curve in its panel, with its heading and its CSV. */
export function TrafficPanel({
  points,
  heading,
  title,
  csvHref,
}: {
  points: Point[];
  heading: string;
  title: string;
  csvHref: string;
}) {
  return (
    <section className="panel" aria-labelledby="traffic-heading">
      <h2 id="traffic-heading">{heading}</h2>
      <TrafficChart id="traffic" points={points} title={title} />
      <p className="analytics-table__foot">
        <a href={csvHref} download>
          Download visitors and views as CSV
        </a>
      </p>
    </section>
  );
}
