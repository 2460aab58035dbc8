import { beforeAll, describe, expect, it, vi } from 'vitest';
import { solved } from '../helpers/captcha';
import { type Jar, memberForms } from '../helpers/member-forms';
import { withSite } from '../helpers/site';

// One client cannot spend a member's share of the sign-in budget (issue 26, item 10). Everyone behind one address (a
// NAT, a proxy the site does not trust) shares that address's 10 failures per 15 minutes; a member's known device (a
// browser that signed in to the account before) is counted on its own budget, without a captcha, so it signs in while
// the address is used up. A refused captcha is not a password failure: junk captchas do not use up the budget.

withSite(
  {
    SESSION_SECRET: 'members-device-test-secret-long-enough-0123456789',
    SITE_URL: 'https://blog.example',
    TRUST_PROXY_HOPS: '1',
    MEMBERS_EMAIL_VERIFICATION: 'false',
    MEMBERS_OWNER_APPROVAL: 'false',
  },
  { database: true },
);

const { POST: join } = await import('@/app/api/members/join/route');
const { POST: signin } = await import('@/app/api/members/signin/route');
const { siteMembers } = await import('@/lib/members');
const { MEMBER_DEVICE_COOKIE } = await import('@/lib/edge/api/member-device');
const { siteCaptcha } = await import('@/lib/members/site-captcha');

vi.setConfig({ testTimeout: 60_000 });
beforeAll(() => {
  siteMembers(); // declares the members collection
});

const forms = memberForms('https://blog.example', new Set());
const PASSWORD = 'correct horse battery staple';
const ADDRESS = 'ada@example.com';

/** A sign-in from the test's current client address, with `jar`'s cookies; where it lands. */
async function signIn(password: string, jar: Jar = new Map(), extra: Record<string, string> = {}) {
  const response = await signin(forms.post('signin', { email: ADDRESS, password, ...extra }, jar));
  return (await forms.land(response, jar)).location;
}

describe('signing in while someone on the same address guesses', () => {
  const device: Jar = new Map();

  beforeAll(async () => {
    forms.nextClient();
    await forms.land(await join(forms.post('join', { email: ADDRESS, password: PASSWORD, name: 'Ada' })));
    // The member signs in once from their browser: it becomes a known device.
    expect(await signIn(PASSWORD, device)).not.toMatch(/signin/);
    expect(device.has(MEMBER_DEVICE_COOKIE)).toBe(true);
  });

  it('a known device signs in after the address’s budget is spent; a new browser there is told to wait', async () => {
    forms.nextClient();
    // The attacker, on the member's address: wrong passwords, solving each captcha asked, until the address is out of
    // budget (10 failures).
    for (let guess = 0; guess < 15; guess += 1) {
      await signIn(`wrong-${guess}`, new Map(), { altcha: await solved(siteCaptcha()) });
    }
    expect(await signIn(PASSWORD, new Map(), { altcha: await solved(siteCaptcha()) })).toContain('notice=rate-limited');
    // The member's own browser, same address: in, without a captcha.
    const landed = await signIn(PASSWORD, device);
    expect(landed).not.toMatch(/signin/);
  });

  it('a known device of another account is no device here, and a device that fails 10 times is limited', async () => {
    forms.nextClient();
    const stolen = new Map(device);
    for (let guess = 0; guess < 10; guess += 1) await signIn(`stolen-${guess}`, stolen);
    expect(await signIn(PASSWORD, stolen)).toContain('notice=rate-limited');
  });

  it('a refused captcha does not count as a password failure', async () => {
    forms.nextClient();
    // Three failures: the next sign-ins from this address must solve the silent captcha.
    for (let guess = 0; guess < 3; guess += 1) await signIn(`wrong-${guess}`);
    // Junk captchas, many more than the budget: each refused, none counted.
    for (let junk = 0; junk < 20; junk += 1) {
      expect(await signIn(`wrong-junk-${junk}`, new Map(), { altcha: 'junk' })).toContain('notice=captcha-failed');
    }
    // The budget still holds the seven failures it had left: a wrong password is a wrong password, not "wait".
    expect(await signIn('wrong-again', new Map(), { altcha: 'junk' })).toContain('notice=captcha-failed');
  });
});
