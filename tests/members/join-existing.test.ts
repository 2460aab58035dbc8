import { afterAll, beforeEach, expect, it, vi } from 'vitest';
import { SITE_NAME } from '@/lib/core/site';
import { type Jar, memberForms } from '../helpers/member-forms';
import { withSite } from '../helpers/site';
import { type HeldMail, startHeldSmtp, textOf } from '../helpers/held-smtp';

// Issue 42, item 6: /join told who is a member (`?notice=email-exists`), undoing the /forgot fix. A member's address
// now gets the answer a new address gets under the sign-up policy, and the member a mail instead ("someone tried to
// join with your address"), from the budgets a new member's code mail takes from. The mail goes through a real SMTP
// server on loopback; whether an answer waited for a mail is shown by holding the mail, not by a clock.

// Next's `after` needs a server's request scope: here its task starts at once and the route does not wait for it.
const afterTasks = vi.hoisted(() => [] as Promise<unknown>[]);
vi.mock('next/server', async (importOriginal) => ({
  ...(await importOriginal<typeof import('next/server')>()),
  after: (task: () => unknown) => {
    afterTasks.push(Promise.resolve().then(task));
  },
}));

const smtp = await startHeldSmtp();
smtp.release();
const SITE = 'https://blog.example';
const PASSWORD = 'correct horse battery';
withSite(
  {
    SESSION_SECRET: 'join-existing-test-secret-0123456789abcdef',
    SITE_URL: SITE,
    SMTP_URL: smtp.url,
    TRUST_PROXY_HOPS: '1',
    MEMBERS_EMAIL_VERIFICATION: 'true',
    MEMBERS_OWNER_APPROVAL: 'false',
  },
  { database: true },
);

const { POST: join } = await import('@/app/api/members/join/route');
const { POST: verify } = await import('@/app/api/members/verify/route');
const { siteMemberAdmin, siteMembers } = await import('@/lib/members');
const { MEMBER_LIMITS } = await import('@/lib/edge/api/member-limits');

vi.setConfig({ testTimeout: 60_000 });
afterAll(async () => {
  await Promise.all(afterTasks.splice(0));
  smtp.release();
  await smtp.close();
});

const secrets = new Set<string>([PASSWORD]);
const { post, land, nextClient } = memberForms(SITE, secrets);
const NOTICE = `Someone tried to join ${SITE_NAME} with your address`;

beforeEach(async () => {
  nextClient();
  await siteMemberAdmin()!.setSignUpPolicy({ emailVerification: true, ownerApproval: false });
});

/** Everything a client can tell an answer by: status, Location, headers, body; cookies with their values' lengths. */
async function seen(response: Response) {
  const headers = [...response.headers].filter(([name]) => name !== 'set-cookie');
  const cookies = response.headers
    .getSetCookie()
    .map((cookie) =>
      cookie.replace(/^([^=]+)=([^;]*)/, (_, name: string, value: string) => `${name}=<${value.length}>`),
    )
    .map((cookie) => cookie.replace(/Expires=[^;]+/, 'Expires=<date>'));
  return { status: response.status, headers, cookies, body: await response.text() };
}

const joinAs = (email: string, password = 'another good password') =>
  join(post('join', { email, password, displayName: 'Someone' }));

const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));
const subjectOf = (mail: HeldMail) => mail.headers.get('subject');
const codeIn = (mail: HeldMail) => /^\s+(\d{6})$/m.exec(textOf(mail))![1]!;

/** A member who joined and verified their address (the code from the mail): the address. */
async function member(email: string): Promise<string> {
  const jar: Jar = new Map();
  await land(await join(post('join', { email, password: PASSWORD, displayName: 'Ann' })), jar);
  const code = codeIn(await smtp.receivedFor(email));
  expect((await land(await verify(post('verify', { code }, jar)), jar)).location).toBe('/account');
  nextClient();
  return email;
}

it("answers a member's address as a new one, mails the member a notice instead of a code, and changes nothing", async () => {
  const ann = await member('ann@example.com');
  const before = mailsTo(ann).length;

  const fresh = await seen(await joinAs('newcomer@example.com'));
  nextClient();
  const taken = await seen(await joinAs('Ann@Example.com'));
  expect(taken).toEqual(fresh);
  expect(fresh).toMatchObject({ status: 303, body: '' });
  expect(fresh.headers).toContainEqual(['location', '/verify?notice=code-sent']);

  // The newcomer got a code; the member got the notice, with where to sign in or reset the password, and no code.
  expect(subjectOf(mailsTo('newcomer@example.com')[0]!)).toMatch(/code/);
  const mails = mailsTo(ann).slice(before);
  expect(mails.map(subjectOf)).toEqual([NOTICE]);
  const text = textOf(mails[0]!);
  expect(text).toContain(`${SITE}/signin`);
  expect(text).toContain(`${SITE}/forgot`);
  expect(text).not.toMatch(/^\s+\d{6}$/m);

  // The code page answers both alike: no code works with the member's address's state.
  for (const email of ['newcomer2@example.com', 'ann@example.com']) {
    nextClient();
    const jar: Jar = new Map();
    await land(await joinAs(email), jar);
    expect((await land(await verify(post('verify', { code: '000000' }, jar)), jar)).location).toBe(
      '/verify?notice=wrong-code',
    );
  }
  // The member's account is as it was: their password signs in, the one given at the join does not.
  expect((await siteMembers().login({ email: ann, password: PASSWORD })).loginState).toBe('SUCCESS');
  expect(await siteMembers().login({ email: ann, password: 'another good password' })).toMatchObject({
    loginState: 'FAILURE',
    errorCode: 'invalidPassword',
  });
});

it('mails the notice within the budget a new member’s code takes from, and limits joins per client as before', async () => {
  const bea = await member('bea@example.com');
  const before = mailsTo(bea).length;
  const answers = [];
  for (let i = 0; i < 5; i++) {
    nextClient();
    answers.push(await seen(await joinAs(bea)));
  }
  expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
  // Each answer came after its mail was taken (verification on): every notice sent is here. The account's code mails
  // are 3 an hour; its join's code took one.
  expect(mailsTo(bea).slice(before).map(subjectOf)).toEqual(
    Array(MEMBER_LIMITS.accountCodeMails.points - 1).fill(NOTICE),
  );

  nextClient();
  const limited = [];
  for (let i = 0; i <= MEMBER_LIMITS.registrations.points; i++) limited.push((await seen(await joinAs(bea))).headers);
  expect(limited.at(-1)).toContainEqual(['location', '/join?notice=rate-limited']);
});

it('under owner approval alone, answers as a new address does, and mails the notice after the answer', async () => {
  const cy = await member('cy@example.com');
  await siteMemberAdmin()!.setSignUpPolicy({ emailVerification: false, ownerApproval: true });
  const before = mailsTo(cy).length;
  const fresh = await seen(await joinAs('newcomer3@example.com'));
  expect(fresh.headers).toContainEqual(['location', '/awaiting-approval']);
  smtp.holding = true;
  try {
    nextClient();
    // A new member is mailed nothing, so the answer does not wait for the member's notice: it comes while it is held.
    const taken = await seen(await joinAs(cy));
    expect(taken).toEqual(fresh);
    const held = await smtp.heldFor(cy);
    expect(held.headers.get('subject')).toBe(NOTICE);
  } finally {
    smtp.release();
  }
  await Promise.all(afterTasks.splice(0));
  expect(mailsTo(cy).slice(before).map(subjectOf)).toEqual([NOTICE]);
});

it('where a new member is signed in at once, still says the address is taken (no answer can copy a sign-in)', async () => {
  const dee = await member('dee@example.com');
  await siteMemberAdmin()!.setSignUpPolicy({ emailVerification: false, ownerApproval: false });
  const before = mailsTo(dee).length;
  expect((await land(await joinAs(dee))).location).toBe('/join?notice=email-exists');
  expect(mailsTo(dee).length).toBe(before);
});
