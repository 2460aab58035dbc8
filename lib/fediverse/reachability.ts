import { AsyncLocalStorage } from 'node:async_hooks';
import type { KvStore, MessageQueue, MessageQueueListenOptions } from '@fedify/fedify';

// Deliveries to an instance that no longer answers stop after a bound, and resume when it answers again (issue 49),
// as Mastodon's DeliveryFailureTracker does: each delivery Fedify works (the queue's `outbox` messages) is watched; an
// instance whose every delivery has failed for a day is unreachable, and its deliveries (new ones and Fedify's retries)
// are skipped, except one tried every six hours. Any delivery it accepts, or any activity it sends the blog (signed:
// Fedify verified it before queuing it), makes it reachable again at once. Kept in Fedify's store, which every
// instance of the site shares.

/** Failing without an answer this long, an instance is unreachable. */
export const UNREACHABLE_AFTER_MS = 24 * 60 * 60 * 1000;
/** While unreachable, one delivery is tried this often. */
export const PROBE_EVERY_MS = 6 * 60 * 60 * 1000;

/** An instance's failures since its last answer. */
export interface Unanswered {
  /** Its first failed delivery since it last answered. */
  since: string;
  /** Its last delivery tried. */
  tried: string;
  failures: number;
}

export interface Reachability {
  /** What is known of `host`'s failures; undefined: it answers. */
  state(host: string): Promise<Unanswered | undefined>;
  /** Whether an instance failing since `state.since` is unreachable now. */
  unreachable(state: Unanswered | undefined): boolean;
  /** Whether to send a delivery to `host` now ('skip': unreachable, and tried lately). */
  admit(host: string): Promise<{ send: boolean; state: Unanswered | undefined }>;
  failed(host: string): Promise<void>;
  answered(host: string): Promise<void>;
}

const keyOf = (host: string) => ['instance-reachability', host] as const;

/**
 * How long this process trusts that an instance answers without asking the store again: the deliveries of one post
 * ask once per instance, not once per delivery (figure 17: 2,650 deliveries, 200 instances). Another instance of the
 * site learns of a failure within it.
 */
export const ANSWERING_FRESH_MS = 30_000;

export function instanceReachability(kv: KvStore, now: () => Date = () => new Date()): Reachability {
  const ago = (iso: string) => now().getTime() - Date.parse(iso);
  const unreachable = (state: Unanswered | undefined) => !!state && ago(state.since) >= UNREACHABLE_AFTER_MS;
  /** The instances this process saw answering, and when. */
  const answering = new Map<string, number>();
  const state = async (host: string) => {
    const seen = answering.get(host);
    if (seen !== undefined && now().getTime() - seen < ANSWERING_FRESH_MS) return undefined;
    const known = await kv.get<Unanswered>(keyOf(host));
    if (known) answering.delete(host);
    else answering.set(host, now().getTime());
    return known;
  };
  return {
    state,
    unreachable,
    async admit(host) {
      const known = await state(host);
      if (!unreachable(known)) return { send: true, state: known };
      if (ago(known!.tried) < PROBE_EVERY_MS) return { send: false, state: known };
      // The probe: marked tried first, so the deliveries queued beside it wait for its answer.
      await kv.set(keyOf(host), { ...known!, tried: now().toISOString() });
      return { send: true, state: known };
    },
    async failed(host) {
      answering.delete(host);
      const known = await kv.get<Unanswered>(keyOf(host));
      const at = now().toISOString();
      await kv.set(keyOf(host), { since: known?.since ?? at, tried: at, failures: (known?.failures ?? 0) + 1 });
    },
    async answered(host) {
      if (await state(host)) await kv.delete(keyOf(host));
      answering.set(host, now().getTime());
    },
  };
}

/** The delivery being worked, in the async context Fedify's `onOutboxError` is called from. */
const delivering = new AsyncLocalStorage<{ failed: boolean; refused: boolean }>();

/**
 * The status a refused delivery was answered with, from Fedify's error (its only carrier: `send.js` throws "Failed to
 * send activity … to {inbox} ({status} {statusText}):"); null when nothing answered (no connection, a timeout).
 */
function refusedStatus(error: unknown): number | null {
  const match = /\((\d{3})[^)]*\):\n/.exec(error instanceof Error ? error.message : '');
  return match ? Number(match[1]) : null;
}

/**
 * The federation's `onOutboxError`: the delivery being worked failed (Fedify retries it, or gives up). An instance
 * that answered with a client error other than a timeout or "too many" (a follower gone: 404, 410; a signature it
 * refuses) is there and answering, as Mastodon counts it (`response_error_unsalvageable?`): not a failure of reach,
 * and not tried again (Fedify would retry it ten times; the queue drops that retry, as Mastodon does).
 */
export function deliveryFailed(error: unknown): void {
  const scope = delivering.getStore();
  if (!scope) return;
  const status = refusedStatus(error);
  const refused = status !== null && status >= 400 && status < 500 && status !== 408 && status !== 429;
  if (refused) scope.refused = true;
  else scope.failed = true;
}

type Message = { type?: string; inbox?: unknown; activity?: unknown };

/** The host of an activity's actor, as Fedify queues what an inbox received (JSON-LD, compacted or not). */
function actorHost(activity: unknown): string | null {
  if (!activity || typeof activity !== 'object') return null;
  const record = activity as Record<string, unknown>;
  const actor = record.actor ?? record['https://www.w3.org/ns/activitystreams#actor'];
  const first = Array.isArray(actor) ? actor[0] : actor;
  const id =
    typeof first === 'string' ? first : ((first as { id?: unknown; '@id'?: unknown })?.id ?? (first as never)?.['@id']);
  try {
    return typeof id === 'string' ? new URL(id).host : null;
  } catch {
    return null;
  }
}

/** `queue`, whose deliveries an unreachable instance does not get (and whose received activities say who answers). */
export function reachabilityQueue(
  queue: MessageQueue,
  reach: Reachability,
  log: (line: Record<string, unknown>) => void = (line) => console.info(JSON.stringify(line)),
): MessageQueue {
  const work = async (handler: (message: unknown) => Promise<void> | void, message: Message) => {
    if (message.type === 'inbox') {
      const host = actorHost(message.activity);
      if (host) await reach.answered(host);
      return handler(message);
    }
    if (message.type !== 'outbox' || typeof message.inbox !== 'string') return handler(message);
    const host = new URL(message.inbox).host;
    const { send, state } = await reach.admit(host);
    if (!send) {
      log({ msg: 'fediverse: delivery skipped, the instance does not answer', host, since: state?.since });
      return;
    }
    const scope = { failed: false, refused: false };
    await delivering.run(scope, () => handler(message));
    if (scope.failed) await reach.failed(host);
    else if (state) await reach.answered(host);
  };
  return {
    // Fedify queues a refused delivery's retry from within its work (the same async context): one refused for good
    // (`deliveryFailed`) is not queued again.
    enqueue: async (message, options) => {
      if (delivering.getStore()?.refused && (message as Message).type === 'outbox') return;
      await queue.enqueue(message, options);
    },
    ...(queue.enqueueMany && { enqueueMany: (messages, options) => queue.enqueueMany!(messages, options) }),
    listen: (handler, options?: MessageQueueListenOptions) =>
      queue.listen((message) => work(handler, message as Message), options),
  };
}
