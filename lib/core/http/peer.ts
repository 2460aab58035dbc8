import http from 'node:http';
import https from 'node:https';
import { processSingleton } from '@/lib/core/process-singleton';

// The address of the connection a request came in on. A route handler cannot see its socket, and `next start` fills
// X-Forwarded-For from the socket only when the client sent none, passing a client's own value through: with no proxy
// in front, that header is whatever the client chooses. So the server stamps the socket's address on every request,
// under a header of its own that it always overwrites, before Next reads it (`stampPeerAddresses`, called once at
// start by instrumentation.ts). With TRUST_PROXY_HOPS=0 (the default) that address is the client: no header a client
// sends can change it. Behind a proxy it is the proxy's, and the forwarded hops are read instead
// (lib/core/security/limits.ts).

/** The header the server writes with the connection's address (a client-sent one is replaced). */
export const PEER_HEADER = 'x-site-peer-address';

interface PeerState {
  stamped: boolean;
  /** Requests that carried X-Forwarded-For while no proxy is trusted, and when the first came. */
  forwardedWithoutProxy: number;
  firstForwardedAt: string | null;
}

const state = () =>
  processSingleton<PeerState>('peer-addresses', () => ({
    stamped: false,
    forwardedWithoutProxy: 0,
    firstForwardedAt: null,
  }));

/** `::ffff:203.0.113.5` → `203.0.113.5`: one spelling per IPv4 client. */
const plain = (address: string) => (address.startsWith('::ffff:') ? address.slice(7) : address);

/**
 * Stamps every request the process's HTTP(S) servers receive with PEER_HEADER, and notes requests that arrive with
 * X-Forwarded-For while `hops` is 0 (a proxy in front that the site does not trust: every reader then shares the
 * proxy's budgets). `warn` is told once, at the first such request.
 */
export function stampPeerAddresses(hops: number, warn: (line: string) => void) {
  const s = state();
  if (s.stamped) return;
  s.stamped = true;
  for (const Server of [http.Server, https.Server]) {
    const emit = Server.prototype.emit as (this: http.Server, event: string | symbol, ...args: unknown[]) => boolean;
    Server.prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
      if (event === 'request') {
        const request = args[0] as http.IncomingMessage;
        const address = request.socket?.remoteAddress;
        if (address) request.headers[PEER_HEADER] = plain(address);
        else delete request.headers[PEER_HEADER];
        if (hops === 0 && request.headers['x-forwarded-for'] !== undefined) {
          s.forwardedWithoutProxy += 1;
          if (s.firstForwardedAt === null) {
            s.firstForwardedAt = new Date().toISOString();
            warn(
              'requests arrive with X-Forwarded-For but TRUST_PROXY_HOPS is 0: if a reverse proxy stands in front, ' +
                'every reader is counted as that proxy (one budget for all); set TRUST_PROXY_HOPS to the number of ' +
                'proxies that append to X-Forwarded-For',
            );
          }
        }
      }
      return emit.call(this, event, ...args);
    } as typeof Server.prototype.emit;
  }
}

/** What the owner's dashboard says about client addresses: requests with X-Forwarded-For while no proxy is trusted. */
export function forwardedWithoutProxy(): { count: number; since: string | null } {
  const s = state();
  return { count: s.forwardedWithoutProxy, since: s.firstForwardedAt };
}
