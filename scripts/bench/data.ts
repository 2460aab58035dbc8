import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { checkDataQuery, createDataClient, createEmbeddedBackend, whereClause } from '@/lib/data/tools';
import { defineCollection, OWNER, OWNER_ONLY } from '@/lib/data/types';
import { prng } from '@/lib/core/random';
import { fmtInt, fmtMiB, fmtMs, median, row, type Row } from './support/table';

// Figure 9, data collections: the embedded backend (PGlite) at 100,000 items. In a scratch folder, one collection is
// filled by bulkInsert of 1,000 items at a time (each batch timed), then queried one call at a time after a warm-up:
// with an indexed filter (an $eq on a text field with a page of 50, a range on a number field sorted by it, a count)
// and, for information, with a filter no index serves ($contains on a text field). Every time is performance.now()
// around one awaited client call, so it includes validation, the permission check and building the result. Values are
// seeded pseudo-random (the same items every run; ids are the client's random UUIDs). After the run the folder is
// opened again to EXPLAIN the SQL the backend sends (built by lib/data/sql.ts's whereClause), to tell whether the
// declared indexes serve those filters.

const GROUP = '9';
const TARGET = 'query p50 ≤ 20 ms at 100,000 items; bulkInsert 1000: reported';
const TARGET_MS = 20;
const ITEMS = 100_000;
const BATCH = 1_000;
const KINDS = 50;
const SCORES = 10_000;
const ROUNDS = 70;
const WARMUP = 10;
const UNINDEXED_ROUNDS = 20;

export const events = defineCollection({
  id: 'events',
  fields: {
    kind: { type: 'text', indexed: true },
    score: { type: 'number', indexed: true },
    at: { type: 'datetime' },
    tags: { type: 'array' },
    title: { type: 'text' },
  },
  permissions: OWNER_ONLY,
});

const WORDS = (
  'alpha bravo cedar delta ember fjord gale harbor ivory juniper kestrel lumen ' +
  'maple nimbus onyx prairie quartz raven sierra tundra umber vertex willow zephyr'
).split(' ');
const TAGS = Array.from({ length: 20 }, (_, i) => `tag-${i}`);
const kindName = (i: number) => `kind-${String(i).padStart(2, '0')}`;

function makeItem(random: () => number) {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const tags = new Set(Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(TAGS)));
  return {
    kind: kindName(Math.floor(random() * KINDS)),
    score: Math.floor(random() * SCORES),
    at: new Date(Date.UTC(2024, 0, 1) + Math.floor(random() * 730 * 86_400_000)).toISOString(),
    tags: [...tags],
    title: Array.from({ length: 3 + Math.floor(random() * 4) }, () => pick(WORDS)).join(' '),
  };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

async function folderSize(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    total += entry.isDirectory() ? await folderSize(file) : (await stat(file)).size;
  }
  return total;
}

interface Kind {
  label: string;
  /** The query's filter, as the client takes it, for round `i`. */
  filter: (i: number) => Record<string, unknown>;
  run: (i: number) => Promise<unknown>;
  rounds: number;
}

export async function benchData(log: (line: string) => void = console.log): Promise<Row[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-data-'));
  try {
    const client = createDataClient({ backend: createEmbeddedBackend(dir), collections: [events] });
    const random = prng(13);

    // Opening the folder and preparing the table and its indexes (the first call on the collection), apart from the
    // fill: otherwise the first batch carries PGlite's start.
    const openStart = performance.now();
    await client.count('events', {}, OWNER);
    const openMs = performance.now() - openStart;

    // Fill: 100 bulkInserts of 1,000, one after another.
    const batches: number[] = [];
    const fillStart = performance.now();
    for (let done = 0; done < ITEMS; done += BATCH) {
      const items = Array.from({ length: BATCH }, () => makeItem(random));
      const start = performance.now();
      await client.bulkInsert('events', items, OWNER);
      batches.push(performance.now() - start);
    }
    const fillMs = performance.now() - fillStart;
    const rss = process.memoryUsage().rss;
    const stored = await client.count('events', {}, OWNER);
    if (stored !== ITEMS) throw new Error(`stored ${stored} items, expected ${ITEMS}`);
    const disk = await folderSize(dir);
    log(`  open an empty folder and prepare the collection: ${fmtMs(openMs)}`);
    log(
      `  fill: ${fmtInt(ITEMS)} items in ${fmtMs(fillMs)} (${fmtInt(ITEMS / (fillMs / 1000))} items/s); ` +
        `bulkInsert ${BATCH}: p50 ${fmtMs(median(batches))}, max ${fmtMs(Math.max(...batches))} ` +
        `(first ${fmtMs(batches[0]!)}, last ${fmtMs(batches.at(-1)!)})`,
    );
    log(`  folder on disk ${fmtMiB(disk)}; process RSS after filling ${fmtMiB(rss)}`);

    // Queries, one at a time; each kind's rounds walk a fixed sequence of values (kinds, score windows).
    const q = prng(7);
    const kindOf = Array.from({ length: ROUNDS + WARMUP }, () => kindName(Math.floor(q() * KINDS)));
    const lowOf = Array.from({ length: ROUNDS + WARMUP }, () => Math.floor(q() * (SCORES - 100)));
    const wordOf = Array.from({ length: UNINDEXED_ROUNDS + WARMUP }, (_, i) => WORDS[i % WORDS.length]!);
    const eq = (i: number) => ({ kind: { $eq: kindOf[i] } });
    const range = (i: number) => ({ score: { $gte: lowOf[i], $lt: lowOf[i]! + 100 } });
    const contains = (i: number) => ({ title: { $contains: wordOf[i] } });
    const kinds: Kind[] = [
      {
        label: 'kind $eq, limit 50',
        filter: eq,
        run: (i) => client.query('events', { filter: eq(i), limit: 50 }, OWNER),
        rounds: ROUNDS,
      },
      {
        label: 'score range of 100, sorted, limit 50',
        filter: range,
        run: (i) =>
          client.query('events', { filter: range(i), sort: [{ fieldName: 'score', order: 'ASC' }], limit: 50 }, OWNER),
        rounds: ROUNDS,
      },
      {
        label: 'count, kind $eq',
        filter: eq,
        run: (i) => client.count('events', { filter: eq(i) }, OWNER),
        rounds: ROUNDS,
      },
      {
        label: 'title $contains, limit 50 (no index)',
        filter: contains,
        run: (i) => client.query('events', { filter: contains(i), limit: 50 }, OWNER),
        rounds: UNINDEXED_ROUNDS,
      },
    ];
    const results = new Map<string, { p50: number; p95: number; max: number }>();
    for (const kind of kinds) {
      for (let i = 0; i < WARMUP; i++) await kind.run(kind.rounds + i);
      const samples: number[] = [];
      for (let i = 0; i < kind.rounds; i++) {
        const start = performance.now();
        await kind.run(i);
        samples.push(performance.now() - start);
      }
      const result = { p50: median(samples), p95: percentile(samples, 95), max: Math.max(...samples) };
      results.set(kind.label, result);
      log(
        `  ${kind.label.padEnd(40)} p50 ${fmtMs(result.p50).padStart(7)}   p95 ${fmtMs(result.p95).padStart(7)}   ` +
          `max ${fmtMs(result.max).padStart(7)}   (${kind.rounds} calls)`,
      );
    }
    await client.close();

    // Whether the declared indexes serve these filters: the plans of the SQL the backend sends.
    const plans = await explain(dir, kinds);
    for (const [label, plan] of plans) log(`  plan of ${label}: ${plan}`);

    const indexed = kinds.slice(0, 3).map((k) => ({ label: k.label, ...results.get(k.label)! }));
    const unindexed = results.get(kinds[3]!.label)!;
    const worst = Math.max(...indexed.map((k) => k.p50));
    const usesIndex = (label: string) => (/idx_events_/.test(plans.get(label) ?? '') ? 'index' : 'no index');
    return [
      row(
        GROUP,
        `data collection, indexed query (embedded, ${fmtInt(ITEMS)} items)`,
        TARGET,
        indexed.map((k) => `${k.label}: p50 ${fmtMs(k.p50)} / p95 ${fmtMs(k.p95)} (${usesIndex(k.label)})`).join('; ') +
          `; for information, title $contains (no index): p50 ${fmtMs(unindexed.p50)}`,
        worst <= TARGET_MS,
      ),
      row(
        GROUP,
        `data collection, bulkInsert ${fmtInt(BATCH)} (embedded)`,
        'reported',
        `p50 ${fmtMs(median(batches))}, max ${fmtMs(Math.max(...batches))}; ${fmtInt(ITEMS)} items in ${fmtMs(fillMs)}; ` +
          `folder ${fmtMiB(disk)}, RSS ${fmtMiB(rss)}`,
        null,
      ),
    ];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Per query kind, the scans in the plan of a count over its filter (EXPLAIN, not run), in the reopened folder. */
async function explain(dir: string, kinds: Kind[]): Promise<Map<string, string>> {
  const db = new PGlite(dir);
  const plans = new Map<string, string>();
  try {
    for (const kind of kinds) {
      const { filter } = checkDataQuery({ filter: kind.filter(0) }, events);
      const where = whereClause(events, filter);
      const { rows } = await db.query<{ 'QUERY PLAN': string }>(
        `explain select count(*) from "data_events" where ${where.sql}`,
        where.params.values,
      );
      const scans = rows
        .map((r) => r['QUERY PLAN'].trim().replace(/^->\s*/, ''))
        .filter((line) => /Scan/.test(line))
        .map((line) => line.replace(/\s*\(cost=.*$/, ''));
      plans.set(kind.label, scans.join(', ') || 'no scan found');
    }
  } finally {
    await db.close();
  }
  return plans;
}
