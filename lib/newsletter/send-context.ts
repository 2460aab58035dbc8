import type { Sending } from './types';

// What every part of the sending (sending.ts, send-plan.ts, send-worker.ts, send-upkeep.ts) reads from its `Sending`
// alike: the clock, the log line, and how many records it reads at a time.

/** Records read at a time when listing or settling a send's deliveries. */
export const PAGE = 500;

export const nowOf = (sending: Sending) => (sending.now ?? (() => new Date()))();
export const log = (sending: Sending, line: Record<string, unknown>) =>
  (sending.log ?? ((l) => console.log(JSON.stringify(l))))({ msg: 'newsletter', ...line });
