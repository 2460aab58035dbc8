import type { DataClient } from '@/lib/data';
import { type DataItem, OWNER } from '@/lib/data/types';
import { newsletterClicks, newsletterDeliveries, newsletterOpens, newsletterSends } from './send-records';

// What each send came to, for the owner: its mail delivered and bounced, opened (where the send counted opens),
// clicked, and the readers who left by its unsubscribe link. Five grouped counts of the data service over all the
// sends asked for, whatever their size: a send's 10,000 deliveries are counted, never read.

export interface SendResult {
  postId: string;
  title: string;
  /** When its mailing began; null for a send not started (queued, held). */
  sentDate: string | null;
  /** Its deliveries: every subscriber it was listed for (those unsubscribed before their turn included). */
  recipients: number;
  /** Accepted by their mail server. */
  delivered: number;
  /** Refused for good, or deferred past the last attempt. */
  bounced: number;
  /** Deliveries whose mail was opened (its pixel loaded at least once); null when the send did not count opens. */
  opened: number | null;
  /** Deliveries whose reader followed a link at least once. */
  clicked: number;
  /** Clicks in all. */
  clicks: number;
  /** Readers who left by this mail's unsubscribe link. */
  unsubscribed: number;
  /** Each address clicked and how often, most clicked first. */
  links: { url: string; clicks: number }[];
}

/** The latest sends' results, newest first. */
export async function sendResults(records: DataClient, limit = 20): Promise<SendResult[]> {
  const { items } = await records.query(
    newsletterSends.id,
    { sort: [{ fieldName: '_createdDate', order: 'DESC' }], limit },
    OWNER,
  );
  return resultsOf(records, items);
}

/** One post's send's results; null when the post has no send. */
export async function sendResultOf(records: DataClient, postId: string): Promise<SendResult | null> {
  const send = await records.get(newsletterSends.id, postId, OWNER);
  return send ? ((await resultsOf(records, [send]))[0] ?? null) : null;
}

type Rows = Record<string, unknown>[];

/** The grouped counts of the sends' records, each row `{ postId, …, n }`. */
interface Counts {
  deliveries: Rows;
  left: Rows;
  opened: Rows;
  clicked: Rows;
  links: Rows;
}

async function resultsOf(records: DataClient, sends: DataItem[]): Promise<SendResult[]> {
  if (sends.length === 0) return [];
  // A send's id is its post's.
  const ofSends = { postId: { $in: sends.map((send) => send._id) } };
  const count = (collectionId: string, filter: Record<string, unknown>, groupBy: string[]) =>
    records.aggregate(
      collectionId,
      { filter: { ...ofSends, ...filter }, groupBy: ['postId', ...groupBy], operations: { n: { op: 'count' } } },
      OWNER,
    );
  const [deliveries, left, opened, clicked, links] = await Promise.all([
    count(newsletterDeliveries.id, {}, ['status']),
    count(newsletterDeliveries.id, { unsubscribed: { $eq: true } }, []),
    count(newsletterOpens.id, {}, []),
    // A delivery's first click is marked (send-records.ts): the readers who clicked, without reading each click.
    count(newsletterClicks.id, { first: { $eq: true } }, []),
    count(newsletterClicks.id, {}, ['url']),
  ]);
  return sends.map((send) => resultOf(send, { deliveries, left, opened, clicked, links }));
}

const total = (rows: Rows) => rows.reduce((n, row) => n + Number(row.n), 0);

function resultOf(send: DataItem, counts: Counts): SendResult {
  const of = (rows: Rows) => rows.filter((row) => row.postId === send._id);
  const deliveries = of(counts.deliveries);
  const byStatus = (status: string) => total(deliveries.filter((row) => row.status === status));
  const links = of(counts.links)
    .map((row) => ({ url: String(row.url), clicks: Number(row.n) }))
    .sort((a, b) => b.clicks - a.clicks || a.url.localeCompare(b.url));
  return {
    postId: send._id,
    title: String(send.title ?? ''),
    sentDate: typeof send.startedDate === 'string' ? send.startedDate : null,
    recipients: total(deliveries),
    delivered: byStatus('sent'),
    bounced: byStatus('bounced'),
    opened: send.trackOpens === true ? total(of(counts.opened)) : null,
    clicked: total(of(counts.clicked)),
    clicks: links.reduce((n, link) => n + link.clicks, 0),
    unsubscribed: total(of(counts.left)),
    links,
  };
}
