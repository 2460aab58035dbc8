import { performance } from 'node:perf_hooks';
import { main } from '../blog/cli';
import { ContentFolder } from '../blog/content-folder';
import { probePost, restorePost } from '../blog/probe';
import { fmtMs, row, type Row } from './support/table';

// Figure 12, a paid post (issue 30): the member holding its plan reads the whole post at /read/{slug}, rendered for
// them on each request (who holds which plan asked each time), against the public page of the same post served from
// the prerender. Set up over HTTP as the owner and a member would: the owner signs in and defines a plan, the CLI makes
// the probe post paid with it, a member joins (the bench app does not ask new members to confirm their address), the
// owner grants the plan. Then `requests` reads of each, one at a time, after a warm-up: p50 and p95. The post is put
// back as it was.

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};

/** The `name=value` of each Set-Cookie, as a Cookie header. */
export const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((c) => !c.endsWith('='))
    .join('; ');

export async function benchPaidRead(options: {
  siteUrl: string;
  contentDir: string;
  ownerPassword: string;
  requests: number;
  log?: (line: string) => void;
}): Promise<Row[]> {
  const { siteUrl, contentDir, log = console.log } = options;
  const origin = { origin: siteUrl, 'content-type': 'application/x-www-form-urlencoded' };
  const post = (path: string, body: Record<string, string>, cookie = '') =>
    fetch(`${siteUrl}${path}`, {
      method: 'POST',
      headers: { ...origin, ...(cookie && { cookie }) },
      body: new URLSearchParams(body),
      redirect: 'manual',
    });

  const login = await post('/api/owner/session', { intent: 'login', password: options.ownerPassword });
  const owner = cookiesOf(login);
  if (!owner.includes('owner_session=')) throw new Error(`the owner could not sign in (HTTP ${login.status})`);
  const name = `Bench plan ${Date.now()}`;
  const defined = await post(
    '/api/owner/plans',
    {
      intent: 'define',
      name,
      price: '5',
      currency: 'EUR',
      billing: 'recurring',
      periodCount: '1',
      periodUnit: 'MONTH',
    },
    owner,
  );
  if (defined.status !== 303) throw new Error(`the plan was not defined (HTTP ${defined.status})`);
  const dashboard = async () => (await fetch(`${siteUrl}/dashboard/plans`, { headers: { cookie: owner } })).text();
  const planId = new RegExp(`<strong>${name}</strong>.*?<code[^>]*>([0-9a-f-]{36})</code>`).exec(
    await dashboard(),
  )?.[1];
  if (!planId) throw new Error('the plan defined is not on the dashboard');

  const folder = new ContentFolder(contentDir);
  const probe = await probePost(folder);
  const out: string[] = [];
  const env = { ...process.env, BLOG_CONTENT_DIR: contentDir, SITE_URL: siteUrl };
  const code = await main(['update', probe.post.id, '--plans', planId], {
    env,
    fetch,
    out: (l) => out.push(l),
    err: (l) => out.push(l),
  });
  if (code !== 0) throw new Error(`the CLI could not make the post paid: ${out.join(' ')}`);
  try {
    const email = `bench-paid-${Date.now()}@example.com`;
    const joined = await post('/api/members/join', {
      email,
      password: 'bench paid reader password',
      displayName: 'Bench',
    });
    const member = cookiesOf(joined);
    if (!member.includes('member_session=')) throw new Error(`the member could not join (HTTP ${joined.status})`);
    const memberId = new RegExp(`<option value="([^"]+)">[^<]*\\(${email.replace(/\./g, '\\.')}\\)</option>`).exec(
      await dashboard(),
    )?.[1];
    if (!memberId) throw new Error('the member is not on the dashboard');
    const granted = await post('/api/owner/plans', { intent: 'grant', memberId, planId }, owner);
    if (granted.status !== 303) throw new Error(`the plan was not granted (HTTP ${granted.status})`);

    const read = `${siteUrl}/read/${encodeURIComponent(probe.post.slug)}`;
    const page = `${siteUrl}/post/${encodeURIComponent(probe.post.slug)}`;
    const time = async (url: string, cookie?: string) => {
      const began = performance.now();
      const response = await fetch(url, { headers: cookie ? { cookie } : {} });
      const text = await response.text();
      return { ms: performance.now() - began, ok: response.status === 200, text };
    };
    const first = await time(read, member);
    if (!first.ok || !first.text.includes('Open to you with your plan'))
      throw new Error('the member did not get the post');
    for (let i = 0; i < 20; i++) await Promise.all([time(read, member), time(page)]);
    const reads: number[] = [];
    const pages: number[] = [];
    for (let i = 0; i < options.requests; i++) {
      reads.push((await time(read, member)).ms);
      pages.push((await time(page)).ms);
    }
    const p50 = quantile(reads, 0.5);
    log(
      `  paid read: member p50 ${fmtMs(p50)}, p95 ${fmtMs(quantile(reads, 0.95))}; ` +
        `the public page p50 ${fmtMs(quantile(pages, 0.5))} (${options.requests} each)`,
    );
    return [
      row(
        '12',
        `paid post read by a member with the plan (/read, per request), ${options.requests} reads`,
        'p50 < 150 ms',
        `p50 ${fmtMs(p50)}, p95 ${fmtMs(quantile(reads, 0.95))}; the public page p50 ${fmtMs(quantile(pages, 0.5))}`,
        p50 < 150,
      ),
    ];
  } finally {
    await restorePost(siteUrl, probe);
  }
}
