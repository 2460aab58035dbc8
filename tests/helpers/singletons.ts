import type PgBoss from 'pg-boss';

// The process singletons (lib/core/process-singleton.ts): symbols `wix-blog.<name>` on globalThis. They outlive a test
// file's modules, so a file's site (tests/helpers/site.ts) and the file itself (tests/setup.ts) let go of them after.

/** The singletons holding a database (lib/data): closed before they are let go. */
const DATA_CLIENTS = ['wix-blog.data-client', 'wix-blog.records-client'];

const store = globalThis as unknown as Record<symbol, unknown>;

const keys = () => Object.getOwnPropertySymbols(store).filter((key) => key.description?.startsWith('wix-blog.'));

/**
 * Stops the job queue once its running jobs end (pg-boss polls on timers of its own, and completes a job without
 * awaiting it: a database closed under a running job fails that completion as an unhandled rejection), closes the data
 * clients (the embedded database closes its files), then forgets every singleton.
 */
export async function closeSingletons(): Promise<void> {
  try {
    const jobs = store[Symbol.for('wix-blog.jobs')] as { started?: Promise<PgBoss> } | undefined;
    const boss = await jobs?.started?.catch(() => undefined);
    await boss?.stop({ wait: true, timeout: 10_000 });
    for (const key of keys()) {
      if (DATA_CLIENTS.includes(key.description!)) await (store[key] as { close(): Promise<void> }).close();
    }
  } finally {
    forgetSingletons();
  }
}

/** Forgets every singleton: the next call makes it anew. */
export function forgetSingletons(): void {
  for (const key of keys()) delete store[key];
}
