import type PgBoss from 'pg-boss';
import { Temporal } from '@js-temporal/polyfill';
import { describe, expect, it, vi } from 'vitest';
import { bossQueue, FEDIVERSE_QUEUE } from '@/lib/fediverse/queue';

// Fedify's queue on the site's pg-boss (lib/fediverse/queue.ts): what is queued for now wakes this instance's worker
// instead of waiting for its next poll (2 s on each side of a delivery, then of its answer); what Fedify queues for
// later (a retry's back-off) waits its time, and wakes nothing.

function fakeBoss() {
  const sent: { data: unknown; options: unknown }[] = [];
  const boss = {
    createQueue: vi.fn(async () => undefined),
    getQueue: vi.fn(async () => ({ name: FEDIVERSE_QUEUE })),
    send: vi.fn(async (_name: string, data: unknown, options: unknown) => {
      sent.push({ data, options });
      return 'job';
    }),
    insert: vi.fn(async () => undefined),
    work: vi.fn(async () => 'worker-3'),
    notifyWorker: vi.fn(),
  };
  return { boss, sent };
}

describe("the fediverse's queue", () => {
  it('wakes its worker for a message queued for now, not for one queued for later', async () => {
    const { boss, sent } = fakeBoss();
    const queue = bossQueue(async () => boss as unknown as PgBoss);
    const abort = new AbortController();
    void queue.listen(() => undefined, { signal: abort.signal });
    await vi.waitFor(() => expect(boss.work).toHaveBeenCalled());

    await queue.enqueue({ type: 'outbox' });
    expect(boss.notifyWorker.mock.calls).toEqual([['worker-3']]);
    await queue.enqueue({ type: 'outbox' }, { delay: Temporal.Duration.from({ seconds: 4 }) });
    expect(boss.notifyWorker).toHaveBeenCalledTimes(1);
    expect(sent.map((s) => s.options)).toEqual([{}, { startAfter: 4 }]);
    await queue.enqueueMany!([{ type: 'outbox' }, { type: 'outbox' }]);
    expect(boss.notifyWorker).toHaveBeenCalledTimes(2);
    abort.abort();
  });
});
