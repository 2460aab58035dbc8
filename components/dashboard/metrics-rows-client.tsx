'use client';

import { PostsAnswer, type MetricRow } from '@/lib/edge/dashboard/rows';
import type { ApiRequest } from '@/lib/edge/pages/dashboard-table';
import { MetricRowView } from './metric-row';
import { useLive } from './use-live';

interface MetricsRowsProps {
  api: ApiRequest;
  initialRows: MetricRow[];
}

export function MetricsRows({ api, initialRows }: MetricsRowsProps) {
  const { data: rows, failing } = useLive(api, PostsAnswer, initialRows);
  return (
    <tbody data-live-state={failing ? 'stale' : 'live'}>
      {rows.map((row) => (
        <MetricRowView key={row.id} row={row} />
      ))}
    </tbody>
  );
}
