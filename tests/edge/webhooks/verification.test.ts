import { generateKeyPairSync } from 'node:crypto';
import { SignJWT } from 'jose';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { revalidateTag } from 'next/cache';
import { encodeEnvelope } from '@/lib/edge/webhooks/envelope';
import {
  b64url,
  captureLogs,
  errorOf,
  nowSeconds,
  postUpdated,
  publicPem,
  revalidated,
  routeContext,
  rsaPair,
  signed,
  signedWithClaims,
  webhookRequest,
  webhookSite,
} from '../../helpers/webhooks';

const { keys: site, POST } = await webhookSite('verify');
const PUBLIC_PEM = publicPem(site.publicKey);
const other = rsaPair();

const call = (body: BodyInit) => POST(webhookRequest(body), routeContext);

let logs: () => Array<Record<string, unknown>>;
beforeEach(() => {
  vi.mocked(revalidateTag).mockClear();
  process.env.WIX_WEBHOOK_PUBLIC_KEY = PUBLIC_PEM;
  logs = captureLogs();
});

async function expectRejected(body: string, message: RegExp) {
  const error = await errorOf(await call(body));
  expect(error).toMatchObject({ status: 401, code: 'WD_VALIDATION_ERROR' });
  expect(error.message).toMatch(message);
  expect(revalidated()).toEqual([]);
  expect(logs()).toEqual([expect.objectContaining({ msg: 'webhook', outcome: 'rejected', tags: [] })]);
}

describe('webhook verification', () => {
  it('accepts an RS256 token signed with the configured key and clears its tags at once', async () => {
    const token = await signed(postUpdated('p1'), site.privateKey);
    const response = await call(token);
    expect(response.status).toBe(200);
    // No language in the event: every language's lists.
    const tags = [
      ...['posts', 'posts:en', 'posts:es', 'post:p1', 'stats'],
      ...['categories', 'categories:en', 'categories:es', 'tags', 'tags:en', 'tags:es'],
    ];
    expect(await response.json()).toEqual({ eventType: 'wix.blog.v3.post_updated', tags });
    expect(revalidated()).toEqual(tags.map((tag) => [tag, { expire: 0 }]));
  });

  it('accepts surrounding whitespace', async () => {
    const token = await signed(postUpdated('p2'), site.privateKey);
    expect((await call(`\n${token}\n`)).status).toBe(200);
  });

  it('writes one JSON log line with the event and never the token', async () => {
    const event = postUpdated('p3');
    const token = await signed(event, site.privateKey);
    await call(token);
    const lines = logs();
    expect(lines).toEqual([
      expect.objectContaining({
        msg: 'webhook',
        eventType: 'wix.blog.v3.post_updated',
        eventId: event.data.id,
        outcome: 'cleared',
        tags: expect.arrayContaining(['post:p3']),
        ms: expect.any(Number),
      }),
    ]);
    expect(JSON.stringify(lines)).not.toContain(token.split('.')[2]);
  });

  it('rejects a tampered payload (bad signature)', async () => {
    const [header, , signature] = (await signed(postUpdated('p4'), site.privateKey)).split('.');
    const forged = b64url(encodeEnvelope(postUpdated('someone-else')));
    await expectRejected(`${header}.${forged}.${signature}`, /signature does not match/);
  });

  it('rejects a token signed with another key', async () => {
    await expectRejected(await signed(postUpdated(), other.privateKey), /signature does not match/);
  });

  it('rejects alg none', async () => {
    const token = `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(encodeEnvelope(postUpdated()))}.`;
    await expectRejected(token, /not signed with RS256/);
  });

  it('rejects HS256 signed with the public key PEM as the secret', async () => {
    const token = await new SignJWT(encodeEnvelope(postUpdated()))
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(PUBLIC_PEM));
    await expectRejected(token, /not signed with RS256/);
  });

  it('rejects RS512 and PS256 too: the algorithm is pinned', async () => {
    for (const alg of ['RS512', 'PS256']) {
      const token = await new SignJWT(encodeEnvelope(postUpdated())).setProtectedHeader({ alg }).sign(site.privateKey);
      expect((await call(token)).status).toBe(401);
    }
    expect(revalidated()).toEqual([]);
  });

  it('rejects an expired token', async () => {
    await expectRejected(await signed(postUpdated(), site.privateKey, Math.floor(Date.now() / 1000) - 60), /expired/);
  });

  describe('iat and exp', () => {
    const now = nowSeconds;
    const DAY = 24 * 3600;
    it.each<[string, { iat?: unknown; exp?: unknown }, RegExp]>([
      ['no exp', { iat: 0 }, /no "exp" claim/],
      ['neither iat nor exp', {}, /no "(exp|iat)" claim/],
      ['no iat', { exp: 300 }, /no "iat" claim/],
      ['an iat in the future beyond the clock skew', { iat: 120, exp: 400 }, /issued in the future/],
      ['an exp before its iat', { iat: 0, exp: -30 }, /expires before it is issued/],
      ['an iat that is not a number', { iat: 'yesterday', exp: 300 }, /"iat" claim is not a number/],
      ['an exp that is not a number', { iat: 0, exp: '5m' }, /"exp" claim is not a number/],
      ['an exp past by more than the clock skew', { iat: -400, exp: -90 }, /expired/],
      [
        'an iat older than the resend window (3 days, and the skew)',
        { iat: -3 * DAY - 120, exp: 3600 },
        /issued more than 3 days ago \(WIX_WEBHOOK_MAX_AGE_SECONDS\)/,
      ],
    ])('rejects a token with %s', async (_, offsets, message) => {
      // numbers are seconds relative to now
      const at = (v: unknown) => (typeof v === 'number' ? now() + v : v);
      const token = await signedWithClaims(postUpdated(), site.privateKey, {
        iat: at(offsets.iat),
        exp: at(offsets.exp),
      });
      await expectRejected(token, message);
    });

    it('refuses a correctly signed token without iat, changing nothing, and accepts the same event with iat', async () => {
      // A token without iat has no age to check: a leaked one would stay good until its exp, here 300,000 s on (the
      // lifetime of Wix's documented sample), and its replay outlive the remembered event ids.
      const event = postUpdated('no-iat');
      const t = now();
      await expectRejected(await signedWithClaims(event, site.privateKey, { exp: t + 300_000 }), /no "iat" claim/);
      // Nothing of it was kept either: the same event, signed with iat, is processed (not taken for a duplicate).
      const accepted = await call(await signedWithClaims(event, site.privateKey, { iat: t, exp: t + 300_000 }));
      expect(accepted.status).toBe(200);
      expect(await accepted.json()).toMatchObject({ tags: expect.arrayContaining(['post:no-iat']) });
    });

    it('accepts what Wix signs: any lifetime (its documented sample lives 300,000 s), a resend two days old', async () => {
      const t = now();
      for (const [name, claims] of <Array<[string, { iat: number; exp: number }]>>[
        ['wix-lifetime', { iat: t, exp: t + 300_000 }],
        ['resend', { iat: t - 2 * DAY, exp: t + 3600 }],
        ['skew-ahead', { iat: t + 45, exp: t + 345 }],
        ['skew-behind', { iat: t - 345, exp: t - 45 }],
      ]) {
        expect((await call(await signedWithClaims(postUpdated(name), site.privateKey, claims))).status, name).toBe(200);
      }
    });

    it('processes a resent event once: its id is remembered as long as a resend is accepted', async () => {
      const event = postUpdated('resent-twice');
      const first = await call(await signedWithClaims(event, site.privateKey, { iat: now() - DAY, exp: now() + 600 }));
      expect(await first.json()).toMatchObject({ tags: expect.arrayContaining(['post:resent-twice']) });
      const again = await call(await signedWithClaims(event, site.privateKey, { iat: now(), exp: now() + 600 }));
      expect(await again.json()).toEqual({ eventType: 'wix.blog.v3.post_updated', tags: [], duplicate: true });
    });

    it('keeps the CLI signing with iat and a 5 minute exp', async () => {
      const token = await signed(postUpdated('cli'), site.privateKey);
      const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
        iat: number;
        exp: number;
      };
      expect(claims.exp - claims.iat).toBe(300);
      expect(Math.abs(claims.iat - now())).toBeLessThanOrEqual(2);
    });
  });

  it.each([
    ['an empty body', '', /no signed token/],
    ['garbage', 'hello webhook', /not a signed token/],
    ['JSON instead of a token', '{"data":"{}"}', /not a signed token/],
    ['three dots of junk', 'a.b.c', /malformed/],
  ])('rejects %s', async (_, body, message) => {
    await expectRejected(body, message);
  });

  it('takes the key as base64 of the PEM', async () => {
    process.env.WIX_WEBHOOK_PUBLIC_KEY = Buffer.from(PUBLIC_PEM).toString('base64');
    expect((await call(await signed(postUpdated('p5'), site.privateKey))).status).toBe(200);
  });

  it('answers 503 naming the variable when the configured key is not a key, and clears nothing', async () => {
    process.env.WIX_WEBHOOK_PUBLIC_KEY = 'not-a-key';
    const error = await errorOf(await call(await signed(postUpdated(), site.privateKey)));
    expect(error).toMatchObject({ status: 503, code: 'WD_UNKNOWN_ERROR' });
    expect(error.message).toMatch(/WIX_WEBHOOK_PUBLIC_KEY is invalid/);
    expect(revalidated()).toEqual([]);
  });

  it.each([
    ['a truncated PEM', '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----', /does not parse/],
    [
      'an EC key',
      publicPem(generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey),
      /expected an RSA key, got ec/,
    ],
  ])('refuses %s in WIX_WEBHOOK_PUBLIC_KEY', async (_, value, message) => {
    process.env.WIX_WEBHOOK_PUBLIC_KEY = value;
    const error = await errorOf(await call('x.y.z'));
    expect(error.status).toBe(503);
    expect(error.message).toMatch(/WIX_WEBHOOK_PUBLIC_KEY is invalid/);
    expect(error.message).toMatch(message);
  });
});
