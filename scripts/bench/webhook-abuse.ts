import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
import { encodeEnvelope } from '@/lib/edge/webhooks/envelope';
import { keyFolder, localKeyPair, PUBLIC_KEY_FILE, signingKey } from '@/lib/edge/webhooks/keys';
import { MAX_WEBHOOK_BYTES } from '@/lib/edge/webhooks/raw-body';
import { writeFileAtomic } from '@/lib/core/files/atomic';
import { ContentFolder, type RawPost } from '../blog/content-folder';
import { signEvent, WEBHOOK_PATH } from '../blog/deliver';
import { entityEvent } from '../blog/events';
import { postEntity } from '../blog/posts';
import { assertScratchFolder, isLoopback, probePost, restorePost } from '../blog/probe';

// 1,000 forged or malformed webhook calls at a running site (loopback only, bounded concurrency). The probe
// post's file is changed first WITHOUT an event, so if any call cleared a cache the page would show it.
// Passes when every forged call got a 4xx and every validly signed but unreadable one a 200 (nothing cleared),
// the page still shows the old title, and the site still answers.
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

async function pageShows(path: string, text: string) {
  const response = await fetch(`${siteUrl}${path}`);
  return response.status === 200 && (await response.text()).includes(text);
}

async function run(): Promise<boolean> {
  if (!isLoopback(siteUrl))
    throw new Error(`${siteUrl} is not a loopback address: this script only targets this machine`);
  assertScratchFolder(folder);
  const realKey = await signingKey({ privateKey: process.env.WIX_WEBHOOK_PRIVATE_KEY, contentDir: folder.dir });
  const publicPem = process.env.WIX_WEBHOOK_PUBLIC_KEY ?? (await localKeyPair(folder.dir)).publicPem;
  const probe = await probePost(folder);
  const path = `/post/${probe.post.slug}`;
  const oldHeading = `<h1>${probe.post.title.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</h1>`;
  if (!(await pageShows(path, oldHeading)))
    throw new Error(`${path} does not show "${probe.post.title}" before the run`);
  console.log(
    `site ${siteUrl}, content ${folder.dir} (key ${keyFolder(folder.dir)}/${PUBLIC_KEY_FILE} unless WIX_WEBHOOK_PUBLIC_KEY is set), probe ${path}`,
  );

  const changed = `Changed without an event ${Date.now()}`;
  await writeFileAtomic(
    probe.file,
    `${JSON.stringify({ ...(JSON.parse(probe.original) as RawPost), title: changed }, null, 2)}\n`,
  );
  const kinds = Object.entries(attacks(realKey, publicPem));
  const counts = new Map<string, Map<number, number>>();
  const latencies: number[] = [];
  let next = 0;
  let ok = true;
  const started = performance.now();
  try {
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
    const stillOld = await pageShows(path, oldHeading);
    const leaked = await pageShows(path, changed);
    console.log(
      `page ${path} after the run: ${stillOld ? 'still the old title (nothing was cleared)' : leaked ? 'SHOWS THE UNANNOUNCED EDIT' : 'unexpected content'}`,
    );
    if (!stillOld) ok = false;
    const health = await fetch(`${siteUrl}/api/stats/total`);
    console.log(`GET /api/stats/total: ${health.status} ${await health.text()}`);
    if (health.status !== 200) ok = false;
  } finally {
    await restorePost(folder, siteUrl, probe);
    console.log(`restored ${probe.file}; a genuine event was accepted afterwards`);
  }
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
