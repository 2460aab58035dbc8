import type { AnalyticsEvent } from './store';

// Views are written off the beacon's path: the beacon's route hands its event to the process's recorder and answers at
// once; the recorder writes what it holds in one statement when it holds a batch or a second after the first event it
// holds, whichever comes first. A write that fails is tried again with the next one, so a database that is down for a
// while loses nothing until the recorder holds `maxHeld` events (then the oldest are dropped, and said so).

export interface RecorderOptions {
  write(events: AnalyticsEvent[]): Promise<void>;
  maxBatch?: number;
  intervalMs?: number;
  maxHeld?: number;
  log?: (line: Record<string, unknown>) => void;
}

export function createRecorder({
  write,
  maxBatch = 2000,
  intervalMs = 1000,
  maxHeld = 200_000,
  log = (line) => console.warn(JSON.stringify(line)),
}: RecorderOptions) {
  let held: AnalyticsEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let writing: Promise<void> | null = null;
  let written = 0;

  const schedule = () => {
    timer ??= setTimeout(() => {
      timer = null;
      void flush();
    }, intervalMs);
    timer.unref?.();
  };

  async function writeHeld(): Promise<void> {
    while (held.length) {
      const batch = held.slice(0, maxBatch);
      try {
        await write(batch);
      } catch (error) {
        log({ msg: 'analytics: views not written yet', held: held.length, error: String(error) });
        schedule();
        return;
      }
      held = held.slice(batch.length);
      written += batch.length;
    }
  }

  /** Writes everything held (waiting for a write under way first); resolves when it is written or failed. */
  async function flush(): Promise<void> {
    while (writing) await writing;
    if (!held.length) return;
    writing = writeHeld().finally(() => (writing = null));
    await writing;
  }

  return {
    add(event: AnalyticsEvent) {
      held.push(event);
      if (held.length > maxHeld) {
        const dropped = held.length - maxHeld;
        held = held.slice(dropped);
        log({ msg: 'analytics: views dropped, the database did not take them', dropped });
      }
      if (held.length >= maxBatch && !writing) void flush();
      else schedule();
    },
    flush,
    /** Events held, not written yet; and written since the process started. */
    stats: () => ({ held: held.length, written }),
  };
}

export type Recorder = ReturnType<typeof createRecorder>;
