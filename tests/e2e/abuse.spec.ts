import { cpSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { solved } from '../helpers/captcha';
import { type SiteProcess, newDataFolder, startSite } from './support/site-process';

// What one client's requests cost everyone else (issue 26, item 10), against production servers on loopback:
// - default settings (no proxy trusted): one client rotating X-Forwarded-For gets no more than one client's budget on
//   each surface (sign-in, comments, likes, subscribe, sign-up), and the owner's dashboard says that requests came
//   with X-Forwarded-For while no proxy is trusted;
// - behind one proxy (TRUST_PROXY_HOPS=1), 30 readers with distinct forwarded addresses: one abuser among them spends
//   only their own budgets;
// - a member on a known device signs in while an attacker on the same address has spent its sign-in budget.

const OWNER_PASSWORD = 'abuse-owner-password';
const BUDGET = { signinFailures: 10, comments: 20, likesPerPost: 3, subscribes: 10, registrations: 5 } as const;

const post = (() => {
  const dir = '.e2e/content/posts';
  for (const file of readdirSync(dir).sort()) {
    const item = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as {
      id: string;
      status?: string;
      commentingEnabled?: boolean;
    };
    if ((item.status ?? 'PUBLISHED') === 'PUBLISHED' && item.commentingEnabled !== false) return item;
  }
  throw new Error('no published post');
})();

async function start(name: string, env: Record<string, string> = {}): Promise<SiteProcess> {
  const content = `.e2e/abuse-${name}-content`;
  const data = `.e2e/abuse-${name}-data`;
  rmSync(content, { recursive: true, force: true });
  cpSync('.e2e/content', content, { recursive: true });
  await newDataFolder(data);
  return startSite({
    BLOG_CONTENT_DIR: content,
    DATA_DIR: data,
    MEMBERS_EMAIL_VERIFICATION: 'false',
    OWNER_PASSWORD,
    SESSION_SECRET: 'abuse-session-secret-that-is-long-enough-0123456789',
    ...env,
  });
}

/** A client of one site: its requests carry `forwardedFor` (when given) and the cookies it was given. */
function client(site: SiteProcess, forwardedFor?: () => string) {
  const jar = new Map<string, string>();
  const send = async (route: string, init: { method?: string; form?: Record<string, string>; json?: unknown } = {}) => {
    const headers: Record<string, string> = { origin: site.url };
    if (forwardedFor) headers['x-forwarded-for'] = forwardedFor();
    if (jar.size) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    } else if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    const response = await fetch(`${site.url}${route}`, {
      method: init.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      redirect: 'manual',
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, value] = pair!.split('=') as [string, string];
      if (value) jar.set(name, value);
      else jar.delete(name);
    }
    return response;
  };
  const captcha = async () =>
    solved({ challenge: async () => (await (await send('/api/members/captcha')).json()) as unknown });
  return {
    jar,
    send,
    /** A sign-in; where it lands (the notice), solving the captcha when `solve`. */
    async signIn(email: string, password: string, solve = false) {
      const form = { email, password, ...(solve && { altcha: await captcha() }) };
      const response = await send('/api/members/signin', { form });
      return response.headers.get('location') ?? String(response.status);
    },
  };
}

const likes = async (site: SiteProcess) =>
  ((await (await fetch(`${site.url}/api/posts/${post.id}/likes`)).json()) as { total: number }).total;

let rotation = 0;
const rotating = () => `203.0.113.${(rotation++ % 250) + 1}, 198.51.100.${(rotation % 250) + 1}`;

test.describe('default settings: no proxy trusted', () => {
  let site: SiteProcess;
  // On loopback every client of this server is one address: the members join and sign in before the attacks.
  let writer: ReturnType<typeof client>;
  let member: ReturnType<typeof client>;
  test.beforeAll(async () => {
    site = await start('direct');
    writer = client(site);
    member = client(site);
    for (const [who, email] of [
      [writer, 'writer@example.com'],
      [member, 'ada@example.com'],
    ] as const) {
      await who.send('/api/members/join', { form: { email, password: 'member password 123', name: email } });
      expect(await who.signIn(email, 'member password 123')).not.toContain('signin');
    }
    // Ada's browser is now a known device of her account; she signs out.
    expect(member.jar.has('member_device')).toBe(true);
    await member.send('/api/members/signout', { form: {} });
  });
  test.afterAll(async () => site?.stop());

  test('one client rotating X-Forwarded-For gets one client’s budget on every surface', async () => {
    test.setTimeout(180_000);
    const attacker = client(site, rotating);

    // Sign-up: registrations per client.
    let joined = 0;
    for (let i = 0; i < BUDGET.registrations + 5; i += 1) {
      const where = (
        await attacker.send('/api/members/join', {
          form: { email: `bot-${i}@example.com`, password: 'bot password 123', name: `Bot ${i}` },
        })
      ).headers.get('location');
      if (!where?.includes('rate-limited')) joined += 1;
    }
    expect(joined).toBeLessThanOrEqual(BUDGET.registrations);

    // Sign-in: password checks per client (each solving the captcha it is asked for).
    let checked = 0;
    for (let i = 0; i < BUDGET.signinFailures + 5; i += 1) {
      if ((await attacker.signIn('someone@example.com', `guess-${i}`, i >= 3)).includes('invalid-login')) checked += 1;
    }
    expect(checked).toBeLessThanOrEqual(BUDGET.signinFailures);

    // Likes without a cookie: the count moves by one client's share per post.
    const before = await likes(site);
    for (let i = 0; i < 30; i += 1) {
      attacker.jar.clear();
      await attacker.send(`/api/posts/${post.id}/likes`, { json: { intent: 'like' } });
    }
    expect((await likes(site)) - before).toBeLessThanOrEqual(BUDGET.likesPerPost);

    // Subscriptions per client.
    let subscribed = 0;
    for (let i = 0; i < BUDGET.subscribes + 5; i += 1) {
      const response = await attacker.send('/newsletter/subscribe', { json: { email: `list-${i}@example.com` } });
      if (response.status === 202) subscribed += 1;
    }
    expect(subscribed).toBeLessThanOrEqual(BUDGET.subscribes);

    // Comments per client, as a signed-in member.
    const rotatingWriter = client(site, rotating);
    for (const [name, value] of writer.jar) rotatingWriter.jar.set(name, value);
    let written = 0;
    for (let i = 0; i < BUDGET.comments + 5; i += 1) {
      const response = await rotatingWriter.send(`/api/posts/${post.id}/comments`, { json: { text: `Note ${i}` } });
      if (response.status === 201) written += 1;
    }
    expect(written).toBeLessThanOrEqual(BUDGET.comments);

    // The owner is told that requests carry X-Forwarded-For while no proxy is trusted.
    const owner = client(site);
    expect((await owner.send('/api/owner/session', { json: { password: OWNER_PASSWORD } })).status).toBe(204);
    const dashboard = await (await owner.send('/dashboard')).text();
    expect(dashboard).toContain('Is there a proxy in front of the site?');
    expect(site.log.join('')).toContain('requests arrive with X-Forwarded-For but TRUST_PROXY_HOPS is 0');
  });

  test('a member on a known device signs in while an attacker on the same address has spent its budget', async () => {
    test.setTimeout(180_000);
    const attacker = client(site);
    let refused = false;
    for (let i = 0; i < BUDGET.signinFailures + 5 && !refused; i += 1) {
      refused = (await attacker.signIn('ada@example.com', `guess-${i}`, i >= 3)).includes('rate-limited');
    }
    expect(refused).toBe(true);
    // A new browser on that address is told to wait; the member's own browser is not.
    expect(await client(site).signIn('ada@example.com', 'member password 123', true)).toContain('rate-limited');
    expect(await member.signIn('ada@example.com', 'member password 123')).not.toContain('signin');
  });
});

test('behind one proxy, one abuser among 30 readers spends only their own budgets', async () => {
  test.setTimeout(240_000);
  const site = await start('proxy', { TRUST_PROXY_HOPS: '1' });
  try {
    const reader = (i: number) => client(site, () => `10.9.8.7, 198.51.100.${i + 1}`);
    const abuser = reader(0);
    for (let i = 0; i < BUDGET.signinFailures + 5; i += 1) await abuser.signIn('someone@example.com', `g-${i}`, i >= 3);
    expect(await abuser.signIn('someone@example.com', 'again', true)).toContain('rate-limited');
    for (let i = 0; i < 10; i += 1) {
      abuser.jar.clear();
      await abuser.send(`/api/posts/${post.id}/likes`, { json: { intent: 'like' } });
    }
    for (let i = 0; i < BUDGET.subscribes + 5; i += 1) {
      await abuser.send('/newsletter/subscribe', { json: { email: `abuse-${i}@example.com` } });
    }

    const before = await likes(site);
    for (let i = 1; i < 30; i += 1) {
      const someone = reader(i);
      expect(await someone.signIn(`reader-${i}@example.com`, 'wrong password')).toContain('invalid-login');
      expect((await someone.send(`/api/posts/${post.id}/likes`, { json: { intent: 'like' } })).status).toBe(200);
      expect((await someone.send('/newsletter/subscribe', { json: { email: `reader-${i}@example.com` } })).status).toBe(
        202,
      );
    }
    expect((await likes(site)) - before).toBe(29);
  } finally {
    await site.stop();
  }
});
