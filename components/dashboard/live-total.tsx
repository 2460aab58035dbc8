'use client';

import { TotalAnswer } from '@/lib/edge/dashboard/rows';
import { formatCount } from './format';
import { useLive } from './use-live';

export function LiveTotal({ initial }: { initial: number }) {
  const { data } = useLive({ method: 'GET', url: '/api/stats/total' }, TotalAnswer, initial);
  return (
    <span className="stat__value" data-testid="total-posts" data-value={data}>
      {formatCount(data)}
    </span>
  );
}
