import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
import { encodeEnvelope } from '@/lib/edge/webhooks/envelope';
import { MAX_WEBHOOK_BYTES } from '@/lib/edge/webhooks/raw-body';
import { ContentFolder, type RawPost } from '../blog/content-folder';
import { signEvent, WEBHOOK_PATH } from '../wix/deliver';
import { entityEvent, postEntity } from '../wix/events';
import { standInKeyEnv, standInSigningKey } from '../wix/webhook-keys';
import { assertScratchFolder, isLoopback, probePost } from '../blog/probe';

// 1,000 forged or malformed webhook calls at a running site (loopback only, bounded concurrency), aimed at the probe
// post, whose page is in the cache first: if any call cleared its tags, the page's next read is not a cache hit.
// Passes when every forged call got a 4xx and every validly signed but unreadable one a 200 (nothing cleared),
// the page is still served from the cache, and the site still answers. The real key is the stand-in's
// (../wix/webhook-keys.ts): set WIX_WEBHOOK_PRIVATE_KEY here and its public half as the site's WIX_WEBHOOK_PUBLIC_KEY.
//
//   BLOG_CONTENT_DIR=/tmp/c npx tsx scripts/bench/webhook-abuse.ts [http://127.0.0.1:3000]

const REQUESTS = 1_000;
const CONCURRENCY = 16;

const siteUrl = (process.argv[2] ?? process.env.BENCH_URL ?? 'http://127.0.0.1:3000').replace(/\/+$/, '');
const folder = new ContentFolder(process.env.BLOG_CONTENT_DIR ?? 'content');

const b64url = (value: unknown) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
/** Genuinely signed, with the iat and exp the site requires, so only the payload is wrong. */
const rs256 = (payload: Record<string, unknown>, key: KeyObject) =>
  new SignJWT(payload).setProtectedHeader({ alg: 'RS256' }).setIssuedAt().setExpirationTime('5m').sign(key);

type Attack = (target: RawPost) => Promise<string>;

/** Each attack aims at the probe post; the ones marked "real key" carry a genuine signature, broken another way. */
const SIGNED_UNREADABLE = 'malformed envelope (real key)';

function attacks(realKey: KeyObject, publicPem: string): Record<string, Attack> {
  const intruder = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const event = (post: RawPost) => entityEvent('post', 'updated', postEntity(post));
  return {
    'wrong key': async (post) => signEvent(event(post), intruder),
    'alg none': async (post) => `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(encodeEnvelope(event(post)))}.`,
    'HS256 with the public key': async (post) =>
      new SignJWT(encodeEnvelope(event(post)))
        .setProtectedHeader({ alg: 'HS256' })
        .sign(new TextEncoder().encode(publicPem)),
    'expired (real key)': async (post) => signEvent(event(post), realKey, Math.floor(Date.now() / 1000) - 120),
    'tampered payload (real key)': async (post) => {
      const [header, , signature] = (await signEvent(event({ ...post, id: 'some-other-post' }), realKey)).split('.');
      return `${header}.${b64url(encodeEnvelope(event(post)))}.${signature}`;
    },
    'oversize (real key)': async (post) => {
      const token = await signEvent(event(post), realKey);
      return token + ' '.repeat(MAX_WEBHOOK_BYTES + 1 - token.length);
    },
    garbage: async () => Buffer.from(crypto.getRandomValues(new Uint8Array(96))).toString('base64'),
    [SIGNED_UNREADABLE]: async (post) => {
      const variants = [
        { data: '{not json' },
        { data: JSON.stringify({ eventType: 'wix.blog.v3.post_updated', data: '{"id":' }) },
        { data: JSON.stringify({ eventType: 42, data: JSON.stringify({ id: 'x', entityId: post.id }) }) },
        { notData: true },
      ];
      return rs256(variants[Math.floor(Math.random() * variants.length)]!, realKey);
    },
  };
}

/** Whether the page answers 200 from the cache (Next's x-nextjs-cache: HIT). */
async function cached(path: string) {
  const response = await fetch(`${siteUrl}${path}`);
  await response.arrayBuffer();
  return response.status === 200 && response.headers.get('x-nextjs-cache') === 'HIT';
}

async function run(): Promise<boolean> {
  if (!isLoopback(siteUrl))
    throw new Error(`${siteUrl} is not a loopback address: this script only targets this machine`);
  assertScratchFolder(folder);
  const realKey = standInSigningKey();
  const publicPem = standInKeyEnv().WIX_WEBHOOK_PUBLIC_KEY;
  const probe = await probePost(folder);
  const path = `/post/${probe.post.slug}`;
  await cached(path);
  if (!(await cached(path))) throw new Error(`${path} is not served from the cache before the run`);
  console.log(`site ${siteUrl}, content ${folder.dir}, probe ${path}`);

  const kinds = Object.entries(attacks(realKey, publicPem));
  const counts = new Map<string, Map<number, number>>();
  const latencies: number[] = [];
  let next = 0;
  let ok = true;
  const started = performance.now();
  const worker = async () => {
    while (next < REQUESTS) {
      const [kind, attack] = kinds[next++ % kinds.length]!;
      const body = await attack(probe.post);
      const sent = performance.now();
      const response = await fetch(`${siteUrl}${WEBHOOK_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body,
      });
      await response.arrayBuffer();
      latencies.push(performance.now() - sent);
      const byStatus = counts.get(kind) ?? new Map<number, number>();
      byStatus.set(response.status, (byStatus.get(response.status) ?? 0) + 1);
      counts.set(kind, byStatus);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;

  console.log(
    `\n${REQUESTS} requests, ${CONCURRENCY} at a time, in ${seconds.toFixed(2)} s (${Math.round(REQUESTS / seconds)}/s)`,
  );
  latencies.sort((a, b) => a - b);
  console.log(
    `latency: median ${latencies[latencies.length >> 1]!.toFixed(1)} ms, p99 ${latencies[Math.floor(latencies.length * 0.99)]!.toFixed(1)} ms`,
  );
  for (const [kind, byStatus] of counts)
    console.log(`  ${kind.padEnd(30)} ${[...byStatus].map(([status, n]) => `${status} x${n}`).join(', ')}`);
  // A validly signed envelope the site cannot read is acknowledged (200, nothing cleared: Wix would resend a refused
  // one for days); every other attack is refused with a 4xx.
  const wrong = [...counts].flatMap(([kind, byStatus]) =>
    [...byStatus]
      .filter(([status]) => (kind === SIGNED_UNREADABLE ? status !== 200 : status < 400 || status >= 500))
      .map(([status, n]) => `${kind}: ${status} x${n}`),
  );
  if (wrong.length) {
    ok = false;
    console.error(`FAIL: unexpected answers: ${wrong.join(', ')}`);
  }
  const stillCached = await cached(path);
  console.log(
    `page ${path} after the run: ${stillCached ? 'still from the cache (nothing was cleared)' : 'NOT FROM THE CACHE'}`,
  );
  if (!stillCached) ok = false;
  const health = await fetch(`${siteUrl}/api/stats/total`);
  console.log(`GET /api/stats/total: ${health.status} ${await health.text()}`);
  if (health.status !== 200) ok = false;
  return ok;
}

try {
  const ok = await run();
  console.log(ok ? 'PASS' : 'FAIL');
  process.exitCode = ok ? 0 : 1;
} catch (error) {
  console.error(`FAIL: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
