import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { redisServerMissing, startRedisServer } from './support/redis-server';
import { type NextServer, startNext } from './support/process';
import { fmtInt, fmtMs, median, notMeasured, row, type Row } from './support/table';
import { load } from './support/load';
import { nginxBinary, startNginx } from './support/nginx';
import { measureFreshness } from './webhook-latency';

// Figure 10, several instances (issue 16): a cached post page's requests per second on one instance with REDIS_URL
// beside one without (the shared cache must cost a cached page nothing: it is read local-first), two instances with
// Redis behind nginx (round-robin, the microcache of scripts/bench/nginx.conf), and event → fresh page across
// instances: the webhook goes to A, the page is read from B until it shows the edit.

const PORTS = { plain: 3251, a: 3252, b: 3253, nginx: 3254 };
const PAGE = '/post/every-block-our-editor-supports';

export interface ClusterOptions {
  contentDir: string;
  seconds: number;
  rounds: number;
  edits: number;
  env: Record<string, string>;
  log: (line: string) => void;
}

export async function benchCluster(options: ClusterOptions): Promise<Row[]> {
  const { log } = options;
  if (redisServerMissing) return [notMeasured('10', 'several instances', '—', redisServerMissing)];
  const redis = await startRedisServer();
  const dataDirs: string[] = [];
  const servers: NextServer[] = [];
  const instance = async (name: keyof typeof PORTS, redisUrl?: string) => {
    const dataDir = await mkdtemp(path.join(tmpdir(), `bench-${name}-`));
    dataDirs.push(dataDir);
    const server = await startNext({
      name: `cluster-${name}`,
      port: PORTS[name],
      fromDist: '.next-bench',
      dist: `.next-bench-run-${name}`,
      readyPath: PAGE,
      env: {
        ...options.env,
        BLOG_SOURCE: 'local',
        BLOG_CONTENT_DIR: options.contentDir,
        DATA_DIR: dataDir,
        SITE_URL: `http://127.0.0.1:${PORTS[name]}`,
        ...(redisUrl && { REDIS_URL: redisUrl }),
      },
    });
    servers.push(server);
    return server;
  };
  const nginx = nginxBinary();
  let proxy: Awaited<ReturnType<typeof startNginx>> | null = null;
  try {
    const [plain, a, b] = [await instance('plain'), await instance('a', redis.url), await instance('b', redis.url)];
    log(`  redis ${redis.url}; one instance without Redis ${plain.url}, with Redis ${a.url} and ${b.url}`);

    // Alternating rounds, after a warm-up of each: the median requests/s of each series.
    const series = [
      { name: 'one instance, no Redis', url: `${plain.url}${PAGE}` },
      { name: 'one instance, Redis', url: `${a.url}${PAGE}` },
    ];
    if (nginx) {
      proxy = await startNginx(nginx, [PORTS.a, PORTS.b], PORTS.nginx);
      series.push({ name: 'two instances behind nginx', url: `http://127.0.0.1:${PORTS.nginx}${PAGE}` });
    }
    const samples = new Map<string, number[]>();
    let bad = 0;
    for (const s of series) await load(s.url, {}, Math.min(options.seconds, 2));
    for (let r = 1; r <= options.rounds; r++) {
      for (const s of series) {
        const result = await load(s.url, {}, options.seconds);
        bad += result.errors + result.non2xx;
        samples.set(s.name, [...(samples.get(s.name) ?? []), result.rps]);
        log(`    round ${r} ${s.name.padEnd(28)} ${fmtInt(result.rps).padStart(6)} req/s  p50 ${result.p50} ms`);
      }
    }
    const rps = (name: string) => median(samples.get(name) ?? [0]);
    const ratio = rps('one instance, Redis') / rps('one instance, no Redis');
    const rows = [
      row(
        '10',
        'cached post page, one instance: with Redis / without',
        '≥ 0.95',
        `${ratio.toFixed(2)} (${fmtInt(rps('one instance, Redis'))} / ${fmtInt(rps('one instance, no Redis'))} req/s)${bad ? `; ${bad} errors` : ''}`,
        ratio >= 0.95 && bad === 0,
      ),
    ];
    rows.push(
      nginx
        ? row(
            '10',
            'cached post page, two instances with Redis behind nginx',
            'reported',
            `${fmtInt(rps('two instances behind nginx'))} req/s (${(rps('two instances behind nginx') / rps('one instance, no Redis')).toFixed(2)}× one instance)`,
            bad === 0,
          )
        : notMeasured('10', 'two instances behind nginx', 'reported', 'nginx is not installed'),
    );

    // Event → fresh page across instances: the webhook to A, the page read from B.
    const fresh = await measureFreshness({
      siteUrl: a.url,
      readUrl: b.url,
      contentDir: options.contentDir,
      edits: options.edits,
      log,
    });
    const max = Math.max(...fresh.latencies);
    rows.push(
      row(
        '10',
        `event to A → fresh page on B, ${fresh.edits} edits`,
        'max < 1 s',
        `max ${fmtMs(max)}, median ${fmtMs(median(fresh.latencies))}; ${fresh.stale ? `${fresh.stale} stale on B's first request` : "all fresh on B's first request"}`,
        max < 1000,
      ),
    );
    return rows;
  } finally {
    await proxy?.stop();
    for (const server of servers) await server.stop();
    await redis.stop();
    for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
  }
}
