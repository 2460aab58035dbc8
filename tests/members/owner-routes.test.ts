import { beforeEach, expect, it } from 'vitest';
import { SESSION_COOKIE, signSession } from '@/lib/owner/tokens';
import { withSite } from '../helpers/site';

// The owner approves and blocks members from the dashboard's list (a form): only with the owner's session, never
// cross-site; what the member can do follows at once.

const SECRET = 'owner-members-test-secret-long-enough-0123456789';
withSite(
  {
    OWNER_PASSWORD: 'owner-password',
    SESSION_SECRET: SECRET,
    SITE_URL: 'https://blog.example',
    MEMBERS_EMAIL_VERIFICATION: 'false',
    MEMBERS_OWNER_APPROVAL: 'true',
  },
  { database: true },
);

const { POST: act, GET: get } = await import('@/app/api/owner/members/route');
const { POST: setPolicy } = await import('@/app/api/owner/members/policy/route');
const { dataClient } = await import('@/lib/data');
const { OWNER } = await import('@/lib/data/permissions');
const { GET: whoIs } = await import('@/app/api/members/session/route');
const { siteMemberAdmin, siteMembers, LoginState } = await import('@/lib/members');

beforeEach(async () => {
  siteMembers();
  await dataClient().truncate('members', OWNER);
});

const owner = `${SESSION_COOKIE}=${signSession(SECRET).token}`;
const form = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  new Request('https://blog.example/api/owner/members', {
    method: 'POST',
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://blog.example', ...headers },
  });
const login = () => siteMembers().login({ email: 'ada@example.com', password: 'correct horse battery' });

it('lists a new member first as waiting, and the owner approves, blocks and unblocks', async () => {
  expect(
    (await siteMembers().register({ email: 'ada@example.com', password: 'correct horse battery' })).loginState,
  ).toBe(LoginState.OWNER_APPROVAL_REQUIRED);
  const { members, total } = await siteMemberAdmin()!.listMembers({ skip: 0, limit: 10 });
  expect([total, members[0]?.status, JSON.stringify(members)]).toEqual([
    1,
    'PENDING',
    expect.not.stringContaining('$argon2'),
  ]);
  const id = members[0]!.id;
  expect((await login()).loginState).toBe(LoginState.OWNER_APPROVAL_REQUIRED);

  const approved = await act(form({ id, action: 'approve' }, { cookie: owner }));
  expect([approved.status, approved.headers.get('location')]).toEqual([303, '/dashboard/members']);
  expect((await login()).loginState).toBe(LoginState.SUCCESS);

  await act(form({ id, action: 'block' }, { cookie: owner }));
  expect((await login()).loginState).toBe(LoginState.FAILURE);
  await act(form({ id, action: 'approve' }, { cookie: owner }));
  expect((await login()).loginState).toBe(LoginState.SUCCESS);
});

it("blocking ends the member's sessions for good: unblocked, the old cookie stays refused and a new sign-in works", async () => {
  // Issue 26: sessions were refused only while the member was blocked, so unblocking brought every one of them back.
  await siteMembers().register({ email: 'ada@example.com', password: 'correct horse battery' });
  const id = (await siteMemberAdmin()!.listMembers({ skip: 0, limit: 10 })).members[0]!.id;
  await act(form({ id, action: 'approve' }, { cookie: owner }));
  const signedIn = await login();
  if (signedIn.loginState !== LoginState.SUCCESS) throw new Error(`not signed in: ${signedIn.loginState}`);
  const session = (token: string) =>
    whoIs(new Request('https://blog.example/api/members/session', { headers: { cookie: `member_session=${token}` } }));
  const old = signedIn.data.sessionToken;
  expect((await session(old)).status).toBe(200);

  await act(form({ id, action: 'block' }, { cookie: owner }));
  expect((await session(old)).status).toBe(401);
  await act(form({ id, action: 'approve' }, { cookie: owner }));
  expect((await session(old)).status).toBe(401);

  const again = await login();
  if (again.loginState !== LoginState.SUCCESS) throw new Error(`not signed in: ${again.loginState}`);
  expect(await (await session(again.data.sessionToken)).json()).toEqual({
    member: { email: 'ada@example.com', displayName: 'ada' },
  });
  expect((await session(old)).status).toBe(401);
});

it('changes nothing for a visitor, a cross-site post, an unknown member or action', async () => {
  await siteMembers().register({ email: 'ada@example.com', password: 'correct horse battery' });
  const { members } = await siteMemberAdmin()!.listMembers({ skip: 0, limit: 10 });
  const id = members[0]!.id;
  const answers = [
    await act(form({ id, action: 'approve' })),
    await act(form({ id, action: 'approve' }, { cookie: owner, origin: 'https://evil.example' })),
    await act(form({ id: 'f'.repeat(32), action: 'approve' }, { cookie: owner })),
    await act(form({ id, action: 'delete' }, { cookie: owner })),
  ];
  expect(answers.map((a) => a.status)).toEqual([401, 403, 400, 400]);
  expect((await siteMemberAdmin()!.listMembers({ skip: 0, limit: 10 })).members[0]?.status).toBe('PENDING');
  expect((await get(new Request('https://blog.example/api/owner/members'))).status).toBe(405);
});

it('the owner sets the sign-up rules, which the next registration follows; anyone else changes nothing', async () => {
  const rules = (fields: Record<string, string>, headers: Record<string, string> = {}) => {
    const request = form(fields, headers);
    return setPolicy(new Request('https://blog.example/api/owner/members/policy', request));
  };
  const admin = siteMemberAdmin()!;
  const before = await admin.signUpPolicy();
  expect(before).toEqual({ emailVerification: false, ownerApproval: true });
  const refused = [
    await rules({ emailVerification: 'on' }),
    await rules({ emailVerification: 'on' }, { cookie: owner, origin: 'https://evil.example' }),
    await rules({ emailVerification: 'on', isAdmin: 'on' }, { cookie: owner }),
    await rules({ emailVerification: 'yes' }, { cookie: owner }),
  ];
  expect(refused.map((a) => a.status)).toEqual([401, 403, 400, 400]);
  expect(await admin.signUpPolicy()).toEqual(before);

  const saved = await rules({ emailVerification: 'on' }, { cookie: owner });
  expect([saved.status, saved.headers.get('location')]).toEqual([303, '/dashboard/members?saved=policy']);
  expect(await admin.signUpPolicy()).toEqual({ emailVerification: true, ownerApproval: false });
  const joined = await siteMembers().register({ email: 'bo@example.com', password: 'correct horse battery' });
  expect(joined.loginState).toBe(LoginState.EMAIL_VERIFICATION_REQUIRED);

  await rules({ ownerApproval: 'on' }, { cookie: owner });
  expect(await admin.signUpPolicy()).toEqual(before);
});
