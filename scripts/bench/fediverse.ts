import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Post } from '@/lib/blog/types';
import { createDataClient, createEmbeddedBackend, startJobs } from '@/lib/data/tools';
import {
  bossQueue,
  createBlogFederation,
  deliverPost,
  FEDIVERSE_COLLECTIONS,
  instanceReachability,
  recordsBlocks,
  recordsFollowers,
  recordsKeys,
  recordsKvStore,
} from '@/lib/fediverse/tools';
import { fmtInt, row, type Row } from './support/table';

// Figure 17, a post delivered to the fediverse at a big blog's size (issue 49): 10,000 followers on 200 instances
// simulated on loopback (one HTTP server answering for 127.0.0.2 to 127.0.0.201, each address an instance), through
// the site's own delivery: its followers and Fedify's store in the embedded database, its queue on pg-boss, Fedify
// signing each request. Three in four instances have a shared inbox (one request each); the rest take one request per
// follower. Ten instances answer 503 to their first two requests of each activity (Fedify retries with back-off).
// Then three edits (Update) go the same way. Reported: the time from the publication to the last delivery, the
// requests, the retries, deliveries made twice (must be 0), and the heap after each round (flat: the same within a few
// MB). `npm run bench -- --only fediverse`, or `npx tsx scripts/bench/fediverse.ts [followers] [instances]`.

const GROUP = '17';
const SITE = 'https://blog.example';
const FLAKY = 10;
const FAILURES_EACH = 2;

interface Sink {
  port: number;
  /** Accepted deliveries: `${inbox} ${activity id}` → times. */
  accepted: Map<string, number>;
  refused: number;
  close(): Promise<void>;
}

async function startSink(flaky: Set<string>): Promise<Sink> {
  const accepted = new Map<string, number>();
  const failures = new Map<string, number>();
  let refused = 0;
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const host = String(request.headers.host ?? '').split(':')[0]!;
      const inbox = `${host}${request.url}`;
      let id = '';
      try {
        id = String((JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id?: string }).id ?? '');
      } catch {
        id = '';
      }
      const key = `${inbox} ${id}`;
      if (flaky.has(host) && (failures.get(key) ?? 0) < FAILURES_EACH) {
        failures.set(key, (failures.get(key) ?? 0) + 1);
        refused++;
        response.writeHead(503).end();
        return;
      }
      accepted.set(key, (accepted.get(key) ?? 0) + 1);
      response.writeHead(202).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    accepted,
    get refused() {
      return refused;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** V8's collector, called before each heap reading so that it counts what is kept, not garbage not yet collected. */
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

export async function benchFediverse(
  followers: number,
  instances: number,
  log: (line: string) => void = console.log,
): Promise<Row[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-fediverse-'));
  const hosts = Array.from({ length: instances }, (_, i) => `127.0.${Math.floor((i + 2) / 256)}.${(i + 2) % 256}`);
  const flaky = new Set(hosts.filter((_, i) => i % Math.floor(instances / FLAKY) === 1).slice(0, FLAKY));
  const sink = await startSink(flaky);
  const client = createDataClient({ backend: createEmbeddedBackend(dir), collections: FEDIVERSE_COLLECTIONS });
  const boss = await startJobs({ sql: client.sql, pollingIntervalSeconds: 1 });
  const abort = new AbortController();
  try {
    const records = () => client;
    const list = recordsFollowers(records);
    const perInstance = Math.ceil(followers / instances);
    let expected = 0;
    for (let i = 0; i < instances; i++) {
      const base = `http://${hosts[i]}:${sink.port}`;
      const shared = i % 4 !== 3;
      const count = Math.min(perInstance, followers - i * perInstance);
      expected += shared ? 1 : count;
      for (let n = 0; n < count; n++) {
        const actorId = `${base}/users/u${n}`;
        await list.add({
          actorId,
          inbox: `${actorId}/inbox`,
          sharedInbox: shared ? `${base}/inbox` : '',
          handle: `@u${n}@${hosts[i]}`,
          name: `Reader ${n}`,
          followId: `${actorId}#follows/1`,
        });
      }
    }
    const post = Post.parse({
      id: 'fediverse-bench-post',
      title: 'A post for ten thousand followers',
      slug: 'a-post-for-ten-thousand-followers',
      excerpt: 'Delivered to every instance once.',
      status: 'PUBLISHED',
      firstPublishedDate: new Date().toISOString(),
      lastPublishedDate: new Date().toISOString(),
      hashtags: ['bench'],
      contentText: 'Text',
      richContent: { nodes: [] },
    });
    const kv = recordsKvStore(records);
    const federation = createBlogFederation({
      origin: SITE,
      handle: 'blog',
      kv,
      profile: async () => ({ name: 'Bench', summary: 'Bench', url: `${SITE}/` }),
      keys: recordsKeys(records),
      followers: list,
      blocks: recordsBlocks(records, list),
      readPost: async () => ({ post, html: '<p>Delivered to every instance once.</p>' }),
      queue: bossQueue(async () => boss),
      // As the site runs it: each delivery watched for an instance that does not answer (reachability.ts).
      reachability: instanceReachability(kv),
    });
    void federation.startQueue(undefined, { signal: abort.signal });
    const settings = { federation, handle: 'blog', siteUrl: SITE, followers: list, readPost: async () => null };
    const delivered = () => [...sink.accepted.keys()].length;

    const rounds: { name: string; ms: number; heap: number }[] = [];
    for (const [n, change] of (['published', 'updated', 'updated', 'updated'] as const).entries()) {
      const before = delivered();
      const started = performance.now();
      // Each edit is its own Update (delivery.ts names it by the post's last publication).
      post.lastPublishedDate = new Date(Date.now() + n * 1000).toISOString();
      await deliverPost({ ...settings, readPost: async () => ({ post, html: '<p>Text</p>' }) }, post.id, change);
      while (delivered() - before < expected) {
        if (performance.now() - started > 600_000)
          throw new Error(`round ${n + 1}: ${delivered() - before} of ${expected} delivered in 10 min`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const ms = performance.now() - started;
      gc();
      rounds.push({ name: n ? `Update ${n}` : 'Create', ms, heap: process.memoryUsage().heapUsed });
      log(
        `fediverse: ${n ? `Update ${n}` : 'Create'}: ${fmtInt(expected)} deliveries in ${(ms / 1000).toFixed(1)} s, heap ${mb(process.memoryUsage().heapUsed)}`,
      );
    }
    const twice = [...sink.accepted.values()].filter((times) => times > 1).length;
    const [first] = rounds;
    const heaps = rounds.slice(1).map((r) => r.heap);
    const growth = Math.max(...heaps) - Math.min(...heaps);
    const figure = `delivery to ${fmtInt(followers)} followers on ${instances} instances`;
    return [
      row(
        GROUP,
        figure,
        'time to the last delivery: reported',
        `${(first!.ms / 1000).toFixed(1)} s (${fmtInt(expected)} requests)`,
        null,
      ),
      row(
        GROUP,
        `${figure}: retries on 503`,
        `${flaky.size} instances refuse twice: all delivered`,
        `${fmtInt(sink.refused)} refused, then delivered`,
        true,
      ),
      row(GROUP, `${figure}: deliveries made twice`, '0', fmtInt(twice), twice === 0),
      row(
        GROUP,
        `${figure}: heap after each Update (×3)`,
        'flat (within 20 MB)',
        heaps.map(mb).join(', '),
        growth < 20 * 1024 * 1024,
      ),
    ];
  } finally {
    abort.abort();
    await boss.stop({ graceful: false, wait: true }).catch(() => undefined);
    await client.close();
    await sink.close();
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [followers = '10000', instances = '200'] = process.argv.slice(2);
  const rows = await benchFediverse(Number(followers), Number(instances));
  for (const r of rows) console.log(r);
  process.exit(0);
}
