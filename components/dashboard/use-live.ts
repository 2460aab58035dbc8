'use client';

import useSWR from 'swr';
import type { z } from 'zod';
import type { ApiRequest } from '@/lib/edge/pages/dashboard-table';

// Counts on the dashboard come back from the JSON API every 30 s and when the tab regains focus; the
// server-rendered numbers are the fallback, so the page is complete without JavaScript.

export const LIVE_REFRESH_MS = 30_000;

async function fetchJson(request: ApiRequest): Promise<unknown> {
  const init: RequestInit =
    request.method === 'POST'
      ? {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(request.body),
          cache: 'no-store',
        }
      : { cache: 'no-store' };
  const response = await fetch(request.url, init);
  if (!response.ok) throw new Error(`${request.url} answered ${response.status}`);
  return response.json();
}

export function useLive<T>(request: ApiRequest, schema: z.ZodType<T>, fallbackData: T): { data: T; failing: boolean } {
  const key = [request.method, request.url, request.method === 'POST' ? JSON.stringify(request.body) : ''];
  const { data, error } = useSWR(key, async () => schema.parse(await fetchJson(request)), {
    fallbackData,
    refreshInterval: LIVE_REFRESH_MS,
    revalidateOnFocus: true,
    keepPreviousData: true,
  });
  return { data: data ?? fallbackData, failing: error !== undefined };
}
