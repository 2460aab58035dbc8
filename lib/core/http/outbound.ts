import { Agent, setGlobalDispatcher } from 'undici';

// How long the site waits on another server. Node's fetch waits up to 5 minutes for a response's headers and another 5
// between two pieces of its body (undici's defaults). A server that takes the connection and never answers (an
// overloaded or half-dead fediverse instance, a tarpit) then held the work waiting on it that long: the federation's
// queue works its deliveries eight at a time and ends a batch when all eight have (lib/fediverse/queue.ts), so one
// such instance held seven other servers' deliveries for 5 minutes, on every retry, and a stopping server waited on
// it too. Fedify (1.5) takes no signal or timeout for its requests (its esm/federation/send.js and runtime/docloader.js
// call fetch bare): the bound is the process's, on the dispatcher every fetch goes through (the Wix calls' own, shorter
// deadline is the outage guard's: lib/blog/wix).

export interface OutboundBounds {
  /** To open the connection (undici's default: 10 s). */
  connectMs: number;
  /** From the request sent to the response's headers (undici's default: 5 minutes). */
  headersMs: number;
  /** Between two pieces of the response's body (undici's default: 5 minutes). */
  bodyMs: number;
}

/** A remote server's answer comes within half a minute or not at all; Wix answers in well under one second. */
export const OUTBOUND_BOUNDS: OutboundBounds = { connectMs: 10_000, headersMs: 30_000, bodyMs: 30_000 };

/** Every fetch of this process from now on gives up on a server that does not answer within `bounds`. */
export function boundOutboundRequests(bounds: OutboundBounds = OUTBOUND_BOUNDS): void {
  setGlobalDispatcher(
    new Agent({ connect: { timeout: bounds.connectMs }, headersTimeout: bounds.headersMs, bodyTimeout: bounds.bodyMs }),
  );
}
