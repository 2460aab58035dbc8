import { randomUUID } from 'node:crypto';
import { isCatalogueError } from '@/lib/core/errors';
import { OWNER } from '@/lib/data/types';
import { clickTokenHolds, openTokenHolds } from './key';
import { log, nowOf } from './send-context';
import { newsletterClicks, newsletterDeliveries, newsletterOpens } from './send-records';
import type { Sending } from './types';

// What readers do with a delivery's mail, as its tracked links tell it (tracking.ts makes them): a click recorded, then
// forwarded; an open counted. Only a link whose signature holds counts or forwards: it names the delivery and the
// address, so no one makes the site forward where a mail did not link. Nothing of the reader's is kept (no address, no
// agent): the delivery, the address clicked, when. The token itself is never logged or stored.

/** A delivery's id (send-records.ts `deliveryId`). */
const DELIVERY_ID = /^[0-9a-f]{40}$/;

const isHttp = (url: string) => URL.canParse(url) && /^https?:$/.test(new URL(url).protocol);

/** A tracked link's delivery and address, when its signature holds for them; null for anything else. */
export function clickTarget(sending: Pick<Sending, 'key'>, params: URLSearchParams) {
  const [deliveryId, url] = [params.get('d') ?? '', params.get('u') ?? ''];
  if (!DELIVERY_ID.test(deliveryId) || !isHttp(url)) return null;
  return clickTokenHolds(sending.key, deliveryId, url, params.get('s')) ? { deliveryId, url } : null;
}

/**
 * A click on a tracked link: where it forwards (the address, as a URL writes it), or null when the link does not hold
 * (nothing recorded). `record` false (a HEAD, which a link scanner sends) only answers. A click that cannot be recorded
 * (the records unavailable) still forwards: the reader came for the page.
 */
export async function followClick(sending: Sending, params: URLSearchParams, record = true): Promise<string | null> {
  const target = clickTarget(sending, params);
  if (!target) return null;
  if (record) {
    await recordClick(sending, target.deliveryId, target.url).catch((error: unknown) =>
      log(sending, { event: 'click-not-recorded', error: String(error) }),
    );
  }
  return new URL(target.url).href;
}

/** The click, under its delivery's id when it is the delivery's first (one insert decides which), else its own. */
async function recordClick(sending: Sending, deliveryId: string, url: string): Promise<void> {
  const delivery = await sending.records.get(newsletterDeliveries.id, deliveryId, OWNER);
  // Signed by the site for a delivery since removed: the reader is forwarded, and nothing counted.
  if (!delivery) return;
  const click = { deliveryId, postId: String(delivery.postId), url, date: nowOf(sending).toISOString() };
  if (await insertOnce(sending, newsletterClicks.id, { _id: deliveryId, ...click, first: true })) return;
  await sending.records.insert(newsletterClicks.id, { _id: randomUUID(), ...click, first: false }, OWNER);
}

/** Inserts `item`; false when an item has its id already. */
async function insertOnce(sending: Sending, collectionId: string, item: Record<string, unknown>): Promise<boolean> {
  try {
    await sending.records.insert(collectionId, item, OWNER);
    return true;
  } catch (error) {
    if (isCatalogueError(error) && error.wde === 'WDE0074') return false;
    throw error;
  }
}

/**
 * The open pixel loaded: its delivery's first open recorded (the record is named for the delivery), later ones
 * counted on it. A pixel that does not hold counts nothing; either way the answer is the same image.
 */
export async function countOpen(sending: Sending, params: URLSearchParams): Promise<void> {
  const deliveryId = params.get('d') ?? '';
  if (!DELIVERY_ID.test(deliveryId) || !openTokenHolds(sending.key, deliveryId, params.get('s'))) return;
  const delivery = await sending.records.get(newsletterDeliveries.id, deliveryId, OWNER);
  if (!delivery) return;
  const date = nowOf(sending).toISOString();
  const first = { _id: deliveryId, postId: String(delivery.postId), firstDate: date, lastDate: date, opens: 1 };
  if (await insertOnce(sending, newsletterOpens.id, first)) return;
  // Two loads at the same instant may count one: the count is a guide, the first open (the one insert) is exact.
  const known = await sending.records.get(newsletterOpens.id, deliveryId, OWNER);
  if (known) {
    await sending.records.update(
      newsletterOpens.id,
      { ...known, lastDate: date, opens: Number(known.opens ?? 0) + 1 },
      OWNER,
    );
  }
}
