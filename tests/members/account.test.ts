import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createDataClient } from '@/lib/data/client';
import { createEmbeddedBackend } from '@/lib/data/embedded';
import { OWNER } from '@/lib/data/permissions';
import type { Mail } from '@/lib/core/mail';
import { members, type MemberItem } from '@/lib/members/collection';
import { createLocalMembers, memberId } from '@/lib/members/local';
import { createPasswords } from '@/lib/members/password';
import { memoryRevocations } from '@/lib/members/tokens';
import type { LoginResult } from '@/lib/members/types';

// The member's own account on the local provider (the /account page's calls): profile, password, sign out everywhere.
// Each call names the member by a session token memberOf would accept; a refused call changes nothing; no answer
// carries a hash.

const SECRET = 'members-account-test-secret-0123456789';
const PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'a brand new passphrase';
const client = createDataClient({ backend: createEmbeddedBackend(), collections: [members] });
afterAll(() => client.close());

const passwords = createPasswords({ memoryCost: 1024, timeCost: 1, parallelism: 1 });

beforeEach(async () => {
  await client.truncate('members', OWNER);
});

function provider() {
  const sent: Mail[] = [];
  const clock = { now: Date.UTC(2026, 10, 24, 12) };
  const identity = createLocalMembers({
    client,
    mailer: { send: async (mail) => (sent.push(mail), { messageId: `<${sent.length}@test>` }) },
    secret: SECRET,
    siteUrl: 'https://blog.example',
    policy: { emailVerification: false, ownerApproval: false },
    passwords,
    revocations: memoryRevocations(),
    now: () => new Date(clock.now),
  });
  return { identity, sent, clock };
}
type Identity = ReturnType<typeof provider>['identity'];

/** Every answer the tests saw: none may hold a hash. */
const answers: unknown[] = [];
const seen = <T>(value: T): T => (answers.push(value), value);

const sessionOf = (result: LoginResult) => {
  expect(result.loginState).toBe('SUCCESS');
  return (result as { data: { sessionToken: string } }).data.sessionToken;
};

const stored = async (email: string) => (await client.get('members', memberId(email), OWNER)) as MemberItem;

/** An active member signed in: a session token. */
async function signedUp(identity: Identity, email: string, nickname = 'Ada') {
  return sessionOf(await identity.register({ email, password: PASSWORD, profile: { nickname } }));
}

const signIn = (identity: Identity, email: string, password: string) => identity.login({ email, password });

describe('updateProfile', () => {
  it('changes the display name (cleaned) and the picture; a field left out stays; null removes the picture', async () => {
    const { identity } = provider();
    const session = await signedUp(identity, 'ada@example.com');

    const named = seen(await identity.updateProfile(session, { displayName: '  Ada\u0007 Lovelace\n ' }));
    expect(named).toMatchObject({ ok: true, member: { displayName: 'Ada Lovelace', email: 'ada@example.com' } });
    expect((named as { member: object }).member).not.toHaveProperty('avatar');

    const pictured = seen(await identity.updateProfile(session, { avatar: '/media/hero-bars.png' }));
    expect(pictured).toMatchObject({
      ok: true,
      member: { displayName: 'Ada Lovelace', avatar: '/media/hero-bars.png' },
    });
    expect(await identity.memberOf(session)).toMatchObject({ avatar: '/media/hero-bars.png' });

    const long = seen(await identity.updateProfile(session, { displayName: 'x'.repeat(200) }));
    expect(long).toMatchObject({ ok: true, member: { displayName: 'x'.repeat(80), avatar: '/media/hero-bars.png' } });

    for (const avatar of ['/media/a.JPG', '/media/a.jpeg', '/media/photo.v2.webp', '/media/b.gif', '/media/c.avif']) {
      expect(seen(await identity.updateProfile(session, { avatar }))).toMatchObject({ ok: true, member: { avatar } });
    }

    const removed = seen(await identity.updateProfile(session, { avatar: null }));
    expect(removed).toMatchObject({ ok: true });
    expect((removed as { member: object }).member).not.toHaveProperty('avatar');
    expect(await stored('ada@example.com')).not.toHaveProperty('avatar');

    // Nothing to change: the member as they are.
    expect(seen(await identity.updateProfile(session, {}))).toMatchObject({
      ok: true,
      member: { id: memberId('ada@example.com') },
    });
  });

  it('refuses an empty name and a picture that is not a media image path, changing nothing', async () => {
    const { identity } = provider();
    const session = await signedUp(identity, 'bo@example.com', 'Bo');
    await identity.updateProfile(session, { avatar: '/media/hero-bars.png' });
    const before = await stored('bo@example.com');

    for (const displayName of ['', '   ', '\u0000\u001f\u007f', 42 as unknown as string]) {
      expect(seen(await identity.updateProfile(session, { displayName, avatar: '/media/hero-dots.png' }))).toEqual({
        ok: false,
        reason: 'invalidProfile',
      });
    }
    for (const avatar of [
      '/media/../posts/post-0001.png',
      '/media/..png',
      '/media/a%2e.png',
      '/media/a.png?x=1',
      '/media/a.png#x',
      '/media/sub/a.png',
      '/media/.hidden.png',
      '/media/a.svg',
      '/media/a.png.html',
      'a.png',
      'media/a.png',
      'https://evil.example/a.png',
      '//evil.example/media/a.png',
      'javascript:alert(1)//.png',
      `/media/${'a'.repeat(300)}.png`,
      '',
      7 as unknown as string,
    ]) {
      expect(seen(await identity.updateProfile(session, { displayName: 'Changed', avatar }))).toEqual({
        ok: false,
        reason: 'invalidProfile',
      });
    }
    expect(await stored('bo@example.com')).toEqual(before);
  });

  it('answers invalidSession for a token memberOf would not accept', async () => {
    const { identity } = provider();
    const session = await signedUp(identity, 'cy@example.com', 'Cy');
    const other = await signedUp(identity, 'di@example.com', 'Di');
    const before = await stored('cy@example.com');
    const invalid = { ok: false, reason: 'invalidSession' };

    expect(await identity.updateProfile('', { displayName: 'X' })).toEqual(invalid);
    expect(await identity.updateProfile('garbage', { displayName: 'X' })).toEqual(invalid);
    const [payload, signature] = session.split('.') as [string, string];
    expect(await identity.updateProfile(`${payload}.${signature.slice(0, -2)}AA`, { displayName: 'X' })).toEqual(
      invalid,
    );
    // Revoked by logout.
    await identity.logout(session);
    expect(await identity.updateProfile(session, { displayName: 'X' })).toEqual(invalid);
    // Blocked.
    await identity.blockMember(memberId('di@example.com'));
    expect(await identity.updateProfile(other, { displayName: 'X' })).toEqual(invalid);
    expect(await identity.changePassword(other, PASSWORD, NEW_PASSWORD)).toEqual(invalid);
    expect(await stored('cy@example.com')).toEqual(before);
  });
});

describe('changePassword', () => {
  it('checks the current password, then the new one; a refusal changes nothing', async () => {
    const { identity } = provider();
    const session = await signedUp(identity, 'ed@example.com', 'Ed');
    const before = await stored('ed@example.com');

    expect(seen(await identity.changePassword(session, 'not the password', NEW_PASSWORD))).toEqual({
      ok: false,
      reason: 'wrongPassword',
    });
    expect(seen(await identity.changePassword(session, '', NEW_PASSWORD))).toEqual({
      ok: false,
      reason: 'wrongPassword',
    });
    expect(seen(await identity.changePassword(session, PASSWORD, 'short'))).toEqual({
      ok: false,
      reason: 'invalidPassword',
    });
    expect(seen(await identity.changePassword(session, PASSWORD, 'x'.repeat(257)))).toEqual({
      ok: false,
      reason: 'invalidPassword',
    });
    expect(seen(await identity.changePassword('garbage', PASSWORD, NEW_PASSWORD))).toEqual({
      ok: false,
      reason: 'invalidSession',
    });

    expect(await stored('ed@example.com')).toEqual(before);
    expect(await identity.memberOf(session)).not.toBeNull();
    sessionOf(await signIn(identity, 'ed@example.com', PASSWORD));
  });

  it('sets the new password: this browser gets a new session, every other session ends, the old password fails', async () => {
    const { identity, sent } = provider();
    const session = await signedUp(identity, 'fay@example.com', 'Fay');
    const elsewhere = sessionOf(await signIn(identity, 'fay@example.com', PASSWORD));
    await identity.sendPasswordResetEmail('fay@example.com', 'https://blog.example/reset');
    const resetToken = new URL(/https:\/\/\S+/.exec(sent.at(-1)!.text)![0]).searchParams.get('token')!;
    const oldHash = (await stored('fay@example.com')).passwordHash!;

    const changed = seen(await identity.changePassword(session, PASSWORD, NEW_PASSWORD));
    expect(changed).toMatchObject({ ok: true, sessionToken: expect.any(String) });
    const fresh = (changed as { sessionToken: string }).sessionToken;

    expect(await identity.memberOf(session)).toBeNull();
    expect(await identity.memberOf(elsewhere)).toBeNull();
    expect(await identity.memberOf(fresh)).toMatchObject({ email: 'fay@example.com', displayName: 'Fay' });

    const item = await stored('fay@example.com');
    expect(item.passwordHash).toMatch(/^\$argon2id\$/);
    expect(item.passwordHash).not.toBe(oldHash);
    expect(JSON.stringify(item)).not.toContain(NEW_PASSWORD);

    expect(await signIn(identity, 'fay@example.com', PASSWORD)).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'invalidPassword',
    });
    sessionOf(await signIn(identity, 'fay@example.com', NEW_PASSWORD));
    // A reset link mailed under the old password no longer works.
    expect(await identity.resetPassword(resetToken, 'yet another password')).toEqual({
      ok: false,
      reason: 'invalidToken',
    });
    // The old session cannot change the password again; the new one can.
    expect(await identity.changePassword(session, NEW_PASSWORD, 'third password here')).toEqual({
      ok: false,
      reason: 'invalidSession',
    });
    expect(seen(await identity.changePassword(fresh, NEW_PASSWORD, 'third password here'))).toMatchObject({ ok: true });
  });
});

describe('signOutEverywhere', () => {
  it('ends every session of the member, and only theirs; signing in again works', async () => {
    const { identity } = provider();
    const first = await signedUp(identity, 'gus@example.com', 'Gus');
    const second = sessionOf(await signIn(identity, 'gus@example.com', PASSWORD));
    const someoneElse = await signedUp(identity, 'hal@example.com', 'Hal');

    expect(seen(await identity.signOutEverywhere(second))).toBeUndefined();
    expect(await identity.memberOf(first)).toBeNull();
    expect(await identity.memberOf(second)).toBeNull();
    expect(await identity.memberOf(someoneElse)).toMatchObject({ email: 'hal@example.com' });
    expect(await identity.updateProfile(first, { displayName: 'X' })).toEqual({ ok: false, reason: 'invalidSession' });

    const again = sessionOf(await signIn(identity, 'gus@example.com', PASSWORD));
    expect(await identity.memberOf(again)).toMatchObject({ email: 'gus@example.com' });
    // A token that names nobody ends nothing and throws nothing.
    const epoch = (await stored('gus@example.com')).sessionEpoch;
    await identity.signOutEverywhere('garbage');
    await identity.signOutEverywhere(second);
    expect((await stored('gus@example.com')).sessionEpoch).toBe(epoch);
    expect(await identity.memberOf(again)).not.toBeNull();
  });
});

describe('secrets stay secret', () => {
  it('no answer carries a hash or a password', async () => {
    // Runs last: every answer the tests above saw, against every hash stored now and before.
    expect(answers.length).toBeGreaterThan(20);
    const text = JSON.stringify(answers);
    expect(text).not.toMatch(/argon2|passwordHash|sessionEpoch|verification/);
    for (const secret of [PASSWORD, NEW_PASSWORD, 'third password here']) expect(text).not.toContain(secret);
  });
});
