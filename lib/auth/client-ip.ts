import { config } from '@/lib/config';

const MAX_KEY = 100;
/** The one key shared by every attempt whose client no trusted header names. */
export const UNIDENTIFIED_CLIENT = 'unidentified';

/**
 * The client address a login attempt without a trusted device cookie is counted against, given how many
 * reverse proxies stand in front of the server (TRUST_PROXY_HOPS; docs/security.md "Which client").
 *
 * - N ≥ 1: each proxy appends the address it received the request from to X-Forwarded-For, so the client is
 *   the hop N places from the right; hops further left are whatever the client sent and are never read.
 *   With fewer hops than N, all of them were written by our proxies and the leftmost is the client.
 * - 0: no proxy. `next start` passes a client-sent X-Forwarded-For through untouched (it only fills the header
 *   with the socket address when it is absent), and a route handler cannot see the socket, so no header can
 *   be trusted: every attempt shares one key.
 *
 * X-Real-IP is never read: none of the setups above sets it, and a client can.
 */
export function clientKey(headers: Headers, hops = config().trustProxyHops): string {
  if (hops === 0) return UNIDENTIFIED_CLIENT;
  const chain = headers.get('x-forwarded-for')?.split(',').map((hop) => hop.trim()) ?? [];
  const client = chain[Math.max(0, chain.length - hops)];
  return (client || UNIDENTIFIED_CLIENT).slice(0, MAX_KEY);
}
