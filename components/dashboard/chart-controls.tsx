import { MONTH_CHOICES, type DashboardParams } from '@/lib/edge/dashboard/params';
import { HiddenParams } from './hidden-params';

const timeZones = (current: string) => [...new Set([current, 'UTC', ...Intl.supportedValuesOf('timeZone')])];

export function ChartControls({ params }: { params: DashboardParams }) {
  return (
    <form method="get" action="/dashboard" className="controls" aria-label="Chart options">
      <HiddenParams params={params} omit={['months', 'order', 'tz']} />
      <label>
        Months
        <select name="months" defaultValue={String(params.months)}>
          {MONTH_CHOICES.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
      </label>
      <label>
        Order
        <select name="order" defaultValue={params.order}>
          <option value="OLDEST">Oldest first</option>
          <option value="NEWEST">Newest first</option>
        </select>
      </label>
      <label>
        Time zone
        <select name="tz" defaultValue={params.tz}>
          {timeZones(params.tz).map((tz) => (
            <option key={tz} value={tz}>
              {tz}
            </option>
          ))}
        </select>
      </label>
      <button type="submit">Update chart</button>
    </form>
  );
}
