import { afterAll, expect, it, vi } from 'vitest';
import { makePost } from '../helpers/posts';
import { withSite } from '../helpers/site';
import { startTestSmtp } from '@/scripts/mail/test-smtp';

// Replies by e-mail (issue 29): a member who asked is mailed each published reply in their thread, once, never their
// own; a reply waiting for approval is mailed when approved; the notice carries RFC 8058's pair, whose one click stops
// the thread's mail; the comment route records the watch only when the box is ticked. Through a real SMTP server.

const smtp = await startTestSmtp();
afterAll(() => smtp.close());

const SITE = 'https://blog.example';
withSite(
  {
    SESSION_SECRET: 'replies-test-secret-0123456789abcdef-0123',
    SITE_URL: SITE,
    SMTP_URL: smtp.url,
    MEMBERS_EMAIL_VERIFICATION: 'false',
    MEMBERS_OWNER_APPROVAL: 'false',
    TRUST_PROXY_HOPS: '1',
  },
  { content: [makePost(1), makePost(2)], database: true },
);

const { mayNotice, noticeReply, watchReplies, replyWatchers, watcherId } = await import('@/lib/comments/replies');
const { siteComments, commentModeration, siteReplies, startCommentMail } = await import('@/lib/comments');
const { POST: stop } = await import('@/app/(site)/newsletter/unsubscribe/route');
const { OWNER } = await import('@/lib/data/types');

vi.setConfig({ testTimeout: 60_000 });

const ada = { id: 'member-ada', email: 'ada@example.com' };
const asMember = (memberId: string, name: string) =>
  ({ kind: 'member', memberId, name, sessionToken: `session-${memberId}` }) as const;
/** A header's RFC 2047 encoded words (`=?UTF-8?Q?…?=`, as nodemailer writes a subject that is not ASCII), decoded. */
const decoded = (header: string) =>
  header.replace(/=\?UTF-8\?Q\?(.*?)\?=\s*/gi, (_, q: string) =>
    Buffer.from(
      q.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8'),
  );
const mailsTo = (address: string) => smtp.received.filter((m) => m.to.includes(address));

it('a watcher is mailed each published reply in the thread once; not their own, not one waiting', async () => {
  const comments = siteComments();
  const top = await comments.create({ postId: 'post-0001', text: 'First!' }, asMember(ada.id, 'Ada'), 'PUBLISHED');
  await watchReplies(siteReplies(), top, ada);

  const reply = await comments.create(
    { postId: 'post-0001', parentId: top.id, text: 'A reply from Bea' },
    asMember('member-bea', 'Bea'),
    'PUBLISHED',
  );
  expect(await noticeReply(siteReplies(), reply.id)).toBe(1);
  // The event twice, a job run again: no second mail.
  expect(await noticeReply(siteReplies(), reply.id)).toBe(0);
  const [mail] = mailsTo(ada.email);
  expect(mailsTo(ada.email)).toHaveLength(1);
  expect(decoded(mail!.headers.get('subject')!)).toBe('Bea replied on “Post number 1”');
  expect(mail!.raw).toContain('A reply from Bea');
  expect(mail!.headers.get('list-unsubscribe')).toMatch(
    /^<https:\/\/blog\.example\/newsletter\/unsubscribe\?w=[0-9a-f]{32}&t=[\w-]{22}>$/,
  );
  expect(mail!.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

  // Ada's own reply mails nobody; a top-level comment is no reply.
  const own = await comments.create(
    { postId: 'post-0001', parentId: top.id, text: 'Thanks' },
    asMember(ada.id, 'Ada'),
    'PUBLISHED',
  );
  expect(await noticeReply(siteReplies(), own.id)).toBe(0);
  expect(await noticeReply(siteReplies(), top.id)).toBe(0);

  // A reply waiting for the owner is mailed once approved.
  const waiting = await comments.create(
    { postId: 'post-0001', parentId: top.id, text: 'Held for approval' },
    { kind: 'visitor', name: 'Cy' },
    'PENDING',
  );
  expect(await noticeReply(siteReplies(), waiting.id)).toBe(0);
  await commentModeration().approve(waiting.id);
  expect(await noticeReply(siteReplies(), waiting.id)).toBe(1);
  expect(mailsTo(ada.email)).toHaveLength(2);
});

it("the notice's one click stops the thread's mail; a forged link changes nothing", async () => {
  const [mail] = mailsTo(ada.email);
  const url = mail!.headers.get('list-unsubscribe')!.slice(1, -1);
  const forged = url.replace(/t=([\w-])/, (_, c: string) => `t=${c === 'A' ? 'B' : 'A'}`);
  const refused = await stop(new Request(forged, { method: 'POST', body: 'List-Unsubscribe=One-Click' }));
  // RFC 8058's one click is answered without a redirect: 200, or the catalogue's 404 for a link that does not hold.
  expect([refused.status, refused.headers.get('location')]).toEqual([404, null]);
  const id = new URL(url).searchParams.get('w')!;
  expect(await siteReplies().records.get(replyWatchers.id, id, OWNER)).not.toBeNull();

  const answer = await stop(new Request(url, { method: 'POST', body: 'List-Unsubscribe=One-Click' }));
  expect([answer.status, answer.headers.get('location')]).toEqual([200, null]);
  expect(await siteReplies().records.get(replyWatchers.id, id, OWNER)).toBeNull();

  const page = await siteComments().list('post-0001', { limit: 10 });
  const top = page.threads.find((t) => t.comment.text === 'First!')!.comment;
  const later = await siteComments().create(
    { postId: 'post-0001', parentId: top.id, text: 'After the stop' },
    asMember('member-bea', 'Bea'),
    'PUBLISHED',
  );
  expect(await noticeReply(siteReplies(), later.id)).toBe(0);
  expect(mailsTo(ada.email)).toHaveLength(2);
});

it('the comment route records the watch only when a member ticks the box', async () => {
  const { POST: comment } = await import('@/app/api/posts/[postId]/comments/route');
  const { siteMembers, LoginState } = await import('@/lib/members');
  const joined = await siteMembers().register({
    email: 'dee@example.com',
    password: 'correct horse battery',
    profile: { nickname: 'Dee' },
  });
  if (joined.loginState !== LoginState.SUCCESS) throw new Error(`could not join: ${joined.loginState}`);
  const dee = (await siteMembers().memberOf(joined.data.sessionToken))!;
  const post = (fields: Record<string, string>, n: number) =>
    comment(
      new Request(`${SITE}/api/posts/post-0002/comments`, {
        method: 'POST',
        body: new URLSearchParams(fields).toString(),
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: SITE,
          cookie: `member_session=${joined.data.sessionToken}`,
          'x-forwarded-for': `198.51.100.${n}`,
        },
      }),
      { params: Promise.resolve({ postId: 'post-0002' }) },
    );
  expect((await post({ text: 'No box ticked' }, 1)).status).toBe(303);
  const [unticked] = (await siteComments().mine('post-0002', asMember(dee.id, 'Dee'))).filter(
    (c) => c.text === 'No box ticked',
  );
  expect(await siteReplies().records.get(replyWatchers.id, watcherId(unticked!.id, dee.id), OWNER)).toBeNull();

  expect((await post({ text: 'Tell me of replies', notify: 'on' }, 2)).status).toBe(303);
  const [ticked] = (await siteComments().mine('post-0002', asMember(dee.id, 'Dee'))).filter(
    (c) => c.text === 'Tell me of replies',
  );
  const watch = await siteReplies().records.get(replyWatchers.id, watcherId(ticked!.id, dee.id), OWNER);
  expect(watch).toMatchObject({ email: 'dee@example.com', threadId: ticked!.id, postId: 'post-0002' });
});

it('through the queue: a reply written published is mailed by the worker, from the comment event alone', async () => {
  const { siteJobs } = await import('@/lib/data');
  const eve = { id: 'member-eve', email: 'eve@example.com' };
  const comments = siteComments();
  const top = await comments.create({ postId: 'post-0002', text: 'Eve asks' }, asMember(eve.id, 'Eve'), 'PUBLISHED');
  await watchReplies(siteReplies(), top, eve);
  // Written while the server's queue still starts (the server answers meanwhile): heard, and mailed once it has.
  const started = startCommentMail();
  try {
    await comments.create(
      { postId: 'post-0002', parentId: top.id, text: 'Fred answers' },
      asMember('member-fred', 'Fred'),
      'PUBLISHED',
    );
    await started;
    await expect.poll(() => mailsTo(eve.email).length, { timeout: 30_000 }).toBe(1);
    expect(mailsTo(eve.email)[0]!.raw).toContain('Fred answers');
  } finally {
    await (await siteJobs()).stop({ wait: true, timeout: 10_000 });
  }
});

it('a comment on a post nobody watches queues no reply job; on a watched post, or naming no post, it does', async () => {
  // post-0002 has watchers by now (the tests above); post-0001 none.
  const replies = siteReplies();
  expect(await mayNotice(replies, 'post-0001')).toBe(false);
  expect(await mayNotice(replies, 'post-0002')).toBe(true);
  expect(await mayNotice(replies, undefined)).toBe(true);
});
