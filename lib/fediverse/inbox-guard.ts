import { errors, TooManyRequests } from '@/lib/core/errors';
import { readBodyBytes } from '@/lib/core/http/body';
import { processSingleton } from '@/lib/core/process-singleton';
import { clientKey, consume, createLimiter, secondsLeft } from '@/lib/core/security/limits';

// What the fediverse's inboxes take before Fedify reads an activity (issue 49, safety): a body of at most
// MAX_ACTIVITY_BYTES (413 past it, before it is all read), and a budget per sending instance (the host its signature's
// key names, before it is checked: one that claims another's host spends that host's budget, and its own client's)
// and per client address. Over either: 429 with Retry-After, logged with the host, never the activity.

/** An activity's largest body (Mastodon's own limit on what it posts is far below). */
export const MAX_ACTIVITY_BYTES = 256 * 1024;
/** Activities a minute one instance may send (a post boosted across a big server is a burst of them). */
export const PER_INSTANCE_PER_MINUTE = 300;
/** Activities a minute one client address may send, whatever instance it claims. */
export const PER_CLIENT_PER_MINUTE = 600;

const limiters = () =>
  processSingleton('fediverse-inbox-limits', () => ({
    instance: createLimiter({ keyPrefix: 'fediverse:instance', points: PER_INSTANCE_PER_MINUTE, durationSeconds: 60 }),
    client: createLimiter({ keyPrefix: 'fediverse:client', points: PER_CLIENT_PER_MINUTE, durationSeconds: 60 }),
  }));

/** The host of the key a request's `Signature` header names ('' none: Fedify then refuses it unsigned). */
export function claimedHost(headers: Headers): string {
  const keyId = /keyId="([^"]+)"/.exec(headers.get('signature') ?? '')?.[1];
  try {
    return keyId ? new URL(keyId).host.toLowerCase() : '';
  } catch {
    return '';
  }
}

/** The request to hand Fedify: its body read within the bound; refused (thrown) when over a limit. */
export async function guardInbox(request: Request): Promise<Request> {
  const host = claimedHost(request.headers);
  const { instance, client } = limiters();
  for (const [limiter, key, what] of [
    [client, clientKey(request.headers), 'this address'],
    [instance, host || 'unsigned', host || 'unsigned senders'],
  ] as const) {
    const used = await consume(limiter, key);
    if (!used.ok) {
      console.warn(JSON.stringify({ msg: 'fediverse: inbox limit', host: host || null }));
      throw new TooManyRequests(`too many activities from ${what}`, secondsLeft(used.res));
    }
  }
  const body = await readBodyBytes(request, MAX_ACTIVITY_BYTES, () =>
    errors.payloadTooLarge(`an activity is at most ${MAX_ACTIVITY_BYTES / 1024} KB`),
  );
  return new Request(request.url, { method: request.method, headers: request.headers, body: new Uint8Array(body) });
}
