import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Jar, memberForms } from '../helpers/member-forms';
import { withSite } from '../helpers/site';

// The account page's form routes (profile, password, sign out everywhere) on the embedded database and a media folder
// of its own: what a browser without JavaScript gets back (a 303 with a notice, cookies), that a refused post changes
// nothing, and that no password, hash or token shows in a body or a Location.

const { contentDir } = withSite(
  {
    SESSION_SECRET: 'members-account-test-secret-long-enough-0123456789',
    SITE_URL: 'https://blog.example',
    TRUST_PROXY_HOPS: '1',
    MEMBERS_EMAIL_VERIFICATION: 'false',
    MEMBERS_OWNER_APPROVAL: 'false',
  },
  { content: true, database: true },
);
mkdirSync(path.join(contentDir, 'media', 'sub'), { recursive: true });
for (const name of ['pic-a.png', 'pic-b.jpg', 'notes.csv', '.hidden.png', 'sub/c.png']) {
  writeFileSync(path.join(contentDir, 'media', name), 'not really an image');
}

const { POST: join } = await import('@/app/api/members/join/route');
const { POST: signin } = await import('@/app/api/members/signin/route');
const { POST: profile } = await import('@/app/api/members/profile/route');
const { POST: password } = await import('@/app/api/members/password/route');
const { POST: everywhere } = await import('@/app/api/members/signout-everywhere/route');
const { listMediaImages } = await import('@/lib/blog/reads');
const { dataClient } = await import('@/lib/data');
const { OWNER } = await import('@/lib/data/permissions');
const { siteMembers } = await import('@/lib/members');
const { memberId } = await import('@/lib/members/local');
type MemberItem = import('@/lib/members').MemberItem;

const site = 'https://blog.example';
const PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'a brand new passphrase';
/** Every secret seen: none may be in a body or a Location. */
const secrets = new Set<string>([PASSWORD, NEW_PASSWORD]);

beforeEach(async () => {
  siteMembers(); // declares the members collection on the site's data client
  await dataClient().truncate('members', OWNER);
  nextClient();
});

afterEach(async () => {
  for (const item of (await dataClient().query('members', {}, OWNER)).items as MemberItem[]) {
    if (item.passwordHash) secrets.add(item.passwordHash);
  }
});

const { post, land, nextClient } = memberForms(site, secrets);

/** Who a jar's session signs in, as the provider sees them (avatar included). */
const whoIs = (jar: Jar) => siteMembers().memberOf(jar.get('member_session') ?? '');

/** Join (no verification in this suite): a signed-in member's jar. */
async function member(email: string) {
  const jar: Jar = new Map();
  const joined = await land(await join(post('join', { email, password: PASSWORD, displayName: 'Ada' })), jar);
  expect(joined.location).toBe('/account');
  return jar;
}

const stored = async (email: string) => (await dataClient().get('members', memberId(email), OWNER)) as MemberItem;

describe('the media folder', () => {
  it('offers its top-level images by name: not other files, hidden ones or subfolders', async () => {
    expect(await listMediaImages()).toEqual(['/media/pic-a.png', '/media/pic-b.jpg']);
  });
});

describe('profile', () => {
  it('saves the display name and a picture of the media folder; an empty choice removes the picture', async () => {
    const jar = await member('ada@example.com');
    const saved = await land(
      await profile(post('profile', { displayName: ' Ada L. ', avatar: '/media/pic-b.jpg' }, jar)),
    );
    expect(saved.location).toBe('/account?notice=profile-saved');
    expect(await whoIs(jar)).toMatchObject({ displayName: 'Ada L.', avatar: '/media/pic-b.jpg' });

    // A form without the picker (no media, as on Wix) leaves the picture as it is.
    await land(await profile(post('profile', { displayName: 'Ada' }, jar)));
    expect(await whoIs(jar)).toMatchObject({ displayName: 'Ada', avatar: '/media/pic-b.jpg' });

    await land(await profile(post('profile', { displayName: 'Ada', avatar: '' }, jar)));
    expect(await whoIs(jar)).not.toHaveProperty('avatar');
  });

  it('refuses a picture that is not one the page offers, and changes nothing', async () => {
    const jar = await member('bo@example.com');
    await land(await profile(post('profile', { displayName: 'Bo', avatar: '/media/pic-a.png' }, jar)));
    const before = await stored('bo@example.com');
    for (const avatar of [
      '/media/missing.png',
      '/media/.hidden.png',
      '/media/sub/c.png',
      '/media/notes.csv',
      '/media/../content/media/pic-a.png',
      '/media/pic-a.png?x',
      'pic-b.jpg',
      'https://evil.example/media/pic-b.jpg',
    ]) {
      const refused = await land(await profile(post('profile', { displayName: 'Changed', avatar }, jar)));
      expect(refused.location).toBe('/account?notice=invalid-avatar');
      expect(refused.cookies).toEqual([]);
    }
    expect(await stored('bo@example.com')).toEqual(before);
  });

  it('refuses an empty display name', async () => {
    const jar = await member('cy@example.com');
    const before = await stored('cy@example.com');
    const refused = await land(await profile(post('profile', { displayName: '   ', avatar: '/media/pic-a.png' }, jar)));
    expect(refused.location).toBe('/account?notice=invalid-name');
    expect(await stored('cy@example.com')).toEqual(before);
  });
});

describe('change password', () => {
  it('sets a new HttpOnly session cookie; the old session, and every other, is anonymous; the new password signs in', async () => {
    const jar = await member('di@example.com');
    const other = await land(await signin(post('signin', { email: 'di@example.com', password: PASSWORD })));
    const old = jar.get('member_session')!;

    const changed = await land(
      await password(post('password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }, jar)),
      jar,
    );
    expect(changed.location).toBe('/account?notice=password-updated');
    expect(changed.cookies).toHaveLength(2);
    expect(changed.cookies[0]).toMatch(
      /^member_session=[^;]+; Max-Age=1209600; Path=\/; Expires=[^;]+; HttpOnly; Secure; SameSite=Lax$/,
    );
    // The readable hint for the public header's island holds no secret.
    expect(changed.cookies[1]).toMatch(
      /^member_hint=1; Max-Age=1209600; Path=\/; Expires=[^;]+; Secure; SameSite=Lax$/,
    );
    expect(jar.get('member_session')).not.toBe(old);
    expect(await whoIs(jar)).toMatchObject({ email: 'di@example.com' });
    expect(await whoIs(new Map([['member_session', old]]))).toBeNull();
    expect(await whoIs(other.jar)).toBeNull();

    expect((await land(await signin(post('signin', { email: 'di@example.com', password: PASSWORD })))).location).toBe(
      '/signin?notice=invalid-login',
    );
    expect(
      (await land(await signin(post('signin', { email: 'di@example.com', password: NEW_PASSWORD })))).location,
    ).toBe('/account');
  });

  it('a wrong current password or a short new one: a notice, nothing changed', async () => {
    const jar = await member('ed@example.com');
    const before = await stored('ed@example.com');
    const wrong = await land(
      await password(post('password', { currentPassword: 'not it at all', newPassword: NEW_PASSWORD }, jar)),
    );
    expect(wrong.location).toBe('/account?notice=wrong-password');
    expect(wrong.cookies).toEqual([]);
    const short = await land(
      await password(post('password', { currentPassword: PASSWORD, newPassword: 'short' }, jar)),
    );
    expect(short.location).toBe('/account?notice=invalid-password');
    expect(await stored('ed@example.com')).toEqual(before);
    expect(await whoIs(jar)).not.toBeNull();
  });

  it('allows 10 wrong current passwords per client in 15 minutes, then a notice; another client is not affected', async () => {
    const jar = await member('fay@example.com');
    for (let i = 0; i < 10; i += 1) {
      const wrong = await land(
        await password(post('password', { currentPassword: `wrong ${i} guess`, newPassword: NEW_PASSWORD }, jar)),
      );
      expect(wrong.location).toBe('/account?notice=wrong-password');
    }
    const limited = await land(
      await password(post('password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }, jar)),
    );
    expect(limited.location).toBe('/account?notice=rate-limited');
    expect(await whoIs(jar)).not.toBeNull();
    nextClient();
    const other = await land(
      await password(post('password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }, jar)),
      jar,
    );
    expect(other.location).toBe('/account?notice=password-updated');
  });

  it('changes that do not fail on the current password do not use up the budget', async () => {
    const jar = await member('gus@example.com');
    let current = PASSWORD;
    for (let i = 0; i < 12; i += 1) {
      const next = `${NEW_PASSWORD} ${i}`;
      secrets.add(next);
      const changed = await land(
        await password(post('password', { currentPassword: current, newPassword: next }, jar)),
        jar,
      );
      expect(changed.location).toBe('/account?notice=password-updated');
      current = next;
    }
    for (let i = 0; i < 12; i += 1) {
      const short = await land(await password(post('password', { currentPassword: current, newPassword: 'x' }, jar)));
      expect(short.location).toBe('/account?notice=invalid-password');
    }
  });
});

describe('sign out everywhere', () => {
  it('ends every session of the member and clears the cookie', async () => {
    const jar = await member('hal@example.com');
    const other = await land(await signin(post('signin', { email: 'hal@example.com', password: PASSWORD })));
    const out = await land(await everywhere(post('signout-everywhere', {}, jar)), jar);
    expect(out.location).toBe('/signin?notice=signed-out-everywhere');
    expect(out.cookies.find((c) => c.startsWith('member_session='))).toMatch(/^member_session=; Max-Age=0; Path=\//);
    expect(jar.has('member_session')).toBe(false);
    expect(await whoIs(other.jar)).toBeNull();
    expect((await land(await signin(post('signin', { email: 'hal@example.com', password: PASSWORD })))).location).toBe(
      '/account',
    );
  });
});

describe('every account route', () => {
  const routes = { profile, password, 'signout-everywhere': everywhere };
  const fields = {
    displayName: 'Evil',
    avatar: '/media/pic-a.png',
    currentPassword: PASSWORD,
    newPassword: 'x'.repeat(9),
  };

  it('refuses a cross-site post with a notice and changes nothing', async () => {
    const jar = await member('ivy@example.com');
    const before = await stored('ivy@example.com');
    for (const [name, route] of Object.entries(routes)) {
      const response = await route(post(name, fields, jar, { origin: 'https://evil.example' }));
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe('/account?notice=cross-site');
      expect(response.headers.getSetCookie()).toEqual([]);
      const fetched = await route(post(name, fields, jar, { 'sec-fetch-site': 'cross-site' }));
      expect(fetched.headers.get('location')).toBe('/account?notice=cross-site');
    }
    expect(await stored('ivy@example.com')).toEqual(before);
    expect(await whoIs(jar)).not.toBeNull();
  });

  it('asks a post without a session, or with one that names nobody, to sign in', async () => {
    const jar = await member('jo@example.com');
    const value = jar.get('member_session')!;
    const flipped = `${value.slice(0, -2)}${value.at(-2) === 'A' ? 'B' : 'A'}${value.at(-1)}`;
    const before = await stored('jo@example.com');
    for (const [name, route] of Object.entries(routes)) {
      const none = await land(await route(post(name, fields)));
      expect(none.location).toBe('/signin?notice=signin-required');
      expect(none.cookies).toEqual([]);
      const tampered = await land(await route(post(name, fields, new Map([['member_session', flipped]]))));
      expect(tampered.location).toBe('/signin?notice=signin-required');
      expect(tampered.cookies.find((c) => c.startsWith('member_session='))).toMatch(/^member_session=; Max-Age=0;/);
    }
    expect(await stored('jo@example.com')).toEqual(before);
  });

  it('answers a form that is too large with a notice, never a 5xx, and a non-form body with a JSON 400', async () => {
    const jar = await member('kit@example.com');
    const big = await land(await profile(post('profile', { displayName: 'x'.repeat(10_000) }, jar)));
    expect(big.location).toBe('/account?notice=try-later');
    const json = await password(
      new Request(`${site}/api/members/password`, {
        method: 'POST',
        body: JSON.stringify({ currentPassword: PASSWORD, newPassword: NEW_PASSWORD }),
        headers: { 'content-type': 'application/json', origin: site },
      }),
    );
    expect(json.status).toBe(400);
    expect(await json.text()).not.toContain(PASSWORD);
  });
});
