import { stringify } from 'csv-stringify/sync';
import { inert } from '@/lib/core/csv';
import type { DataClient } from '@/lib/data';
import { OWNER } from '@/lib/data/types';
import type { Caller } from '@/lib/data/types';
import { MAX_DATA_PAGE_SIZE } from '@/lib/data/types';

// What the owner sees of the subscribers: counts by week (the data service's aggregate, grouped by the indexed week of
// subscribing) and every subscriber as CSV.

export interface SubscriberWeek {
  /** ISO week, `2026-W48`. */
  week: string;
  pending: number;
  confirmed: number;
  /** Left by the mail's unsubscribe link. */
  unsubscribed: number;
  /** Refused for good by their mail server. */
  bounced: number;
}

const STATES = ['pending', 'confirmed', 'unsubscribed', 'bounced'] as const;

/** Subscriptions per week of subscribing, newest week first, split by status. */
export async function subscriberWeeks(client: DataClient): Promise<SubscriberWeek[]> {
  const rows = await client.aggregate(
    'subscribers',
    { groupBy: ['week', 'status'], operations: { n: { op: 'count' } } },
    OWNER,
  );
  const weeks = new Map<string, SubscriberWeek>();
  for (const row of rows) {
    const week = typeof row.week === 'string' ? row.week : 'unknown';
    const entry = weeks.get(week) ?? { week, pending: 0, confirmed: 0, unsubscribed: 0, bounced: 0 };
    const state = STATES.find((s) => s === row.status) ?? 'pending';
    entry[state] += Number(row.n);
    weeks.set(week, entry);
  }
  return [...weeks.values()].sort((a, b) => b.week.localeCompare(a.week));
}

export const CSV_COLUMNS = ['email', 'status', 'subscribed', 'confirmed'] as const;

/**
 * Every subscriber, oldest first, as CSV (a header row, then one row each), read a page of 1000 at a time, as the
 * caller may: the first chunk comes after the first page is read, so a refusal comes before any output.
 */
export async function* subscribersCsv(client: DataClient, caller: Caller = OWNER): AsyncGenerator<string> {
  let page = await client.query(
    'subscribers',
    {
      sort: [
        { fieldName: '_createdDate', order: 'ASC' },
        { fieldName: '_id', order: 'ASC' },
      ],
      limit: MAX_DATA_PAGE_SIZE,
    },
    caller,
  );
  yield stringify([[...CSV_COLUMNS]]);
  for (;;) {
    yield stringify(
      page.items.map((item) => [item.email, item.status, item._createdDate, item.confirmedDate].map(inert)),
    );
    if (!page.hasNext) return;
    page = await page.next();
  }
}

/** A post's send as the owner sees it: its status and its deliveries counted by status. */
export interface SendReport {
  postId: string;
  title: string;
  /** queued, sending, done, held, cancelled (sending.ts). */
  status: string;
  startedDate?: string;
  doneDate?: string;
  /** sent, queued (waiting, deferred or being sent), bounced, skipped (unsubscribed meanwhile), unknown. */
  counts: { sent: number; waiting: number; bounced: number; skipped: number; unknown: number };
  /** Readers who left by this mail's unsubscribe link. */
  unsubscribed: number;
  /** Why deliveries bounced or wait again (the mail servers' answers), most frequent first, at most three. */
  reasons: { reason: string; n: number }[];
}

/** The latest sends, newest first, each with one grouped count of its deliveries by status. */
export async function sendReports(records: DataClient, limit = 20): Promise<SendReport[]> {
  const { items } = await records.query(
    'newsletter-sends',
    { sort: [{ fieldName: '_createdDate', order: 'DESC' }], limit },
    OWNER,
  );
  if (items.length === 0) return [];
  const rows = await records.aggregate(
    'newsletter-deliveries',
    {
      filter: { postId: { $in: items.map((item) => item._id) } },
      groupBy: ['postId', 'status'],
      operations: { n: { op: 'count' } },
    },
    OWNER,
  );
  const ids = items.map((item) => item._id);
  const [left, failures] = await Promise.all([
    records.aggregate(
      'newsletter-deliveries',
      {
        filter: { postId: { $in: ids }, unsubscribed: { $eq: true } },
        groupBy: ['postId'],
        operations: { n: { op: 'count' } },
      },
      OWNER,
    ),
    records.aggregate(
      'newsletter-deliveries',
      {
        filter: { postId: { $in: ids }, status: { $in: ['bounced', 'deferred'] } },
        groupBy: ['postId', 'error'],
        operations: { n: { op: 'count' } },
      },
      OWNER,
    ),
  ]);
  return items.map((item) => {
    const reasons = failures
      .filter((r) => r.postId === item._id && typeof r.error === 'string' && r.error)
      .map((r) => ({ reason: String(r.error).slice(0, 200), n: Number(r.n) }))
      .sort((a, b) => b.n - a.n)
      .slice(0, 3);
    const unsubscribed = Number(left.find((r) => r.postId === item._id)?.n ?? 0);
    const counts = { sent: 0, waiting: 0, bounced: 0, skipped: 0, unknown: 0 };
    for (const row of rows.filter((r) => r.postId === item._id)) {
      const n = Number(row.n);
      if (row.status === 'sent') counts.sent += n;
      else if (row.status === 'bounced') counts.bounced += n;
      else if (row.status === 'skipped') counts.skipped += n;
      else if (row.status === 'unknown') counts.unknown += n;
      else counts.waiting += n;
    }
    return {
      postId: item._id,
      title: String(item.title ?? ''),
      status: String(item.status ?? ''),
      startedDate: typeof item.startedDate === 'string' ? item.startedDate : undefined,
      doneDate: typeof item.doneDate === 'string' ? item.doneDate : undefined,
      counts,
      unsubscribed,
      reasons,
    };
  });
}

/** The days (UTC, `YYYY-MM-DD`) subscribers subscribed, confirmed and unsubscribed in [from, to], for analytics. */
export interface SubscriberChanges {
  subscribed: string[];
  confirmed: string[];
  unsubscribed: string[];
}

/**
 * When subscribers came, confirmed and left within [from, to] (UTC days, inclusive): the subscribers with any of those
 * dates in the period, read a page of 1000 at a time.
 */
export async function subscriberChanges(client: DataClient, from: string, to: string): Promise<SubscriberChanges> {
  const since = `${from}T00:00:00.000Z`;
  const until = `${to}T23:59:59.999Z`;
  const within = (field: string) => ({ [field]: { $gte: since, $lte: until } });
  const changes: SubscriberChanges = { subscribed: [], confirmed: [], unsubscribed: [] };
  let page = await client.query(
    'subscribers',
    {
      filter: { $or: [within('_createdDate'), within('confirmedDate'), within('unsubscribedDate')] },
      limit: MAX_DATA_PAGE_SIZE,
    },
    OWNER,
  );
  const add = (list: string[], date: unknown) => {
    const day = typeof date === 'string' ? date.slice(0, 10) : '';
    if (day >= from && day <= to) list.push(day);
  };
  for (;;) {
    for (const item of page.items) {
      add(changes.subscribed, item._createdDate);
      add(changes.confirmed, item.confirmedDate);
      add(changes.unsubscribed, item.unsubscribedDate);
    }
    if (!page.hasNext) return changes;
    page = await page.next();
  }
}
