import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { readOutbox } from '@/lib/core/mail/outbox';
import { SESSION_COOKIE, signSession } from '@/lib/owner/tokens';
import { OPEN_MEMBERS, joinMember, withSite } from '../helpers/site';

// Members who write (issue 45), through the routes, on a copy of the demo content: the owner lets a member write
// (the Members page's form); the writer drafts, only their own, and submits for review; the owner sends it back with a
// note (the writer mailed, the note kept with the draft) and, submitted again, approves it: published under the
// writer's byline (added to authors.json), `moderationDetails` with both dates, the writer mailed with its address.
// A visitor, a member who may not write, another writer's post, a cross-site request, a rejection without a note and
// an answer to a post answered already change nothing.

const SECRET = 'writers-routes-test-secret-long-enough-0123456789';
const SITE = 'https://blog.example';
const site = withSite(
  { OWNER_PASSWORD: 'owner-password', SESSION_SECRET: SECRET, SITE_URL: SITE, ...OPEN_MEMBERS },
  { content: 'content', database: true },
);
const { POST: members } = await import('@/app/api/owner/members/route');
const { GET: list, POST: create } = await import('@/app/api/writer/posts/route');
const { GET: open, PUT: save, POST: act } = await import('@/app/api/writer/posts/[id]/route');
const { POST: review } = await import('@/app/api/owner/review/[id]/route');

vi.setConfig({ testTimeout: 60_000 });

const owner = `${SESSION_COOKIE}=${signSession(SECRET).token}`;
const send = (url: string, method: string, cookie: string | null, body?: unknown, origin = SITE) =>
  new Request(`${SITE}${url}`, {
    method,
    headers: {
      'content-type': typeof body === 'string' ? 'application/x-www-form-urlencoded' : 'application/json',
      origin,
      ...(cookie && { cookie }),
    },
    ...(body !== undefined && { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
const on = (id: string) => ({ params: Promise.resolve({ id }) });
const paragraph = (text: string) => ({
  type: 'PARAGRAPH',
  id: 'p0001',
  nodes: [{ type: 'TEXT', id: '', nodes: [], textData: { text, decorations: [] } }],
  paragraphData: {},
});
const file = (id: string) => JSON.parse(readFileSync(path.join(site.contentDir, 'posts', `${id}.json`), 'utf8'));
const authors = () => JSON.parse(readFileSync(path.join(site.contentDir, 'authors.json'), 'utf8')) as { id: string }[];
const letWrite = async (memberId: string, action = 'write') =>
  members(send('/api/owner/members', 'POST', owner, new URLSearchParams({ id: memberId, action }).toString()));
const decide = (id: string, form: Record<string, string>, cookie: string | null = owner) =>
  review(send(`/api/owner/review/${id}`, 'POST', cookie, new URLSearchParams(form).toString()), on(id));

describe('members who write', () => {
  it('draft, submit, sent back with a note, submitted again, approved: published under the writer’s byline', async () => {
    const ada = await joinMember('ada@example.com', 'Ada Writer');
    const bob = await joinMember('bob@example.com', 'Bob Reader');

    // Before the owner lets her: 403; a visitor: 401; nothing made.
    expect((await create(send('/api/writer/posts', 'POST', ada.cookie, { title: 'x', nodes: [] }))).status).toBe(403);
    expect((await list(send('/api/writer/posts', 'GET', null))).status).toBe(401);
    expect((await letWrite(ada.id)).status).toBe(303);

    // Her draft: hers, whatever the body says of what is the owner's (featured, the byline).
    const made = await create(
      send('/api/writer/posts', 'POST', ada.cookie, {
        title: 'Notes from the field',
        nodes: [paragraph('What we measured.')],
        featured: true,
        memberId: 'someone-else',
      }),
    );
    expect(made.status).toBe(201);
    const draft = (await made.json()).post;
    expect(draft).toMatchObject({ status: 'UNPUBLISHED', memberId: ada.id, featured: false });
    // Cross-site, or another member: refused, nothing changed.
    expect(
      (
        await act(
          send(`/api/writer/posts/${draft.id}`, 'POST', ada.cookie, { action: 'submit' }, 'https://evil.example'),
          on(draft.id),
        )
      ).status,
    ).toBe(403);
    await letWrite(bob.id);
    expect((await open(send(`/api/writer/posts/${draft.id}`, 'GET', bob.cookie), on(draft.id))).status).toBe(404);
    // Nor another writer's published post, nor the demo's.
    const demo = JSON.parse(readFileSync(path.join('content', 'posts', readdirFirst()), 'utf8')).id as string;
    expect((await open(send(`/api/writer/posts/${demo}`, 'GET', ada.cookie), on(demo))).status).toBe(404);

    // Submitted: in review, dated.
    const submitted = await act(
      send(`/api/writer/posts/${draft.id}`, 'POST', ada.cookie, { action: 'submit' }),
      on(draft.id),
    );
    expect((await submitted.json()).post).toMatchObject({
      status: 'IN_REVIEW',
      review: { submittedBy: ada.id, status: 'IN_REVIEW' },
    });
    expect(file(draft.id)).toMatchObject({
      status: 'IN_REVIEW',
      moderationDetails: { submittedBy: ada.id, status: 'UNKNOWN' },
    });

    // Sent back without a note: nothing changes; with one: her draft again, the note kept, she is mailed.
    expect((await decide(draft.id, { decision: 'reject', note: '  ' })).headers.get('location')).toBe(
      '/dashboard/review?done=note-needed',
    );
    expect(file(draft.id).status).toBe('IN_REVIEW');
    expect((await decide(draft.id, { decision: 'reject' }, null)).status).toBe(401);
    const back = await decide(draft.id, { decision: 'reject', note: 'Add the numbers, please.' });
    expect(back.headers.get('location')).toBe('/dashboard/review?done=rejected');
    expect(file(draft.id)).toMatchObject({
      status: 'UNPUBLISHED',
      moderationNote: 'Add the numbers, please.',
      moderationDetails: { status: 'REJECTED', moderationDate: expect.any(String) },
    });
    const reopened = (await (await open(send(`/api/writer/posts/${draft.id}`, 'GET', ada.cookie), on(draft.id))).json())
      .post;
    expect(reopened.review).toMatchObject({ status: 'REJECTED', note: 'Add the numbers, please.' });

    // She edits and submits again; the owner approves.
    const saved = await save(
      send(`/api/writer/posts/${draft.id}`, 'PUT', ada.cookie, {
        title: 'Notes from the field',
        nodes: [paragraph('What we measured: 42 ms.')],
        editedDate: reopened.editedDate,
      }),
      on(draft.id),
    );
    expect(saved.status).toBe(200);
    await act(send(`/api/writer/posts/${draft.id}`, 'POST', ada.cookie, { action: 'submit' }), on(draft.id));
    expect((await decide(draft.id, { decision: 'approve' })).headers.get('location')).toBe(
      '/dashboard/review?done=approved',
    );
    const published = file(draft.id);
    expect(published).toMatchObject({ status: 'PUBLISHED', memberId: ada.id, contentText: 'What we measured: 42 ms.' });
    expect(published.moderationDetails).toMatchObject({ submittedBy: ada.id, status: 'APPROVED' });
    expect(Date.parse(published.moderationDetails.moderationDate)).toBeGreaterThanOrEqual(
      Date.parse(published.moderationDetails.submittedDate),
    );
    expect(authors().find((a) => a.id === ada.id)).toMatchObject({
      profile: { nickname: 'Ada Writer', slug: 'ada-writer' },
    });
    // Answered already: nothing changes; published, it is no longer hers to edit.
    expect((await decide(draft.id, { decision: 'reject', note: 'late' })).headers.get('location')).toBe(
      '/dashboard/review?done=answered',
    );
    expect((await open(send(`/api/writer/posts/${draft.id}`, 'GET', ada.cookie), on(draft.id))).status).toBe(404);

    const mails = (await readOutbox(site.outbox)).filter(
      (m) => m.headers.to === 'ada@example.com' && /^(Sent back|Published):/.test(m.headers.subject ?? ''),
    );
    expect(mails.map((m) => m.headers.subject)).toEqual([
      'Sent back: Notes from the field',
      'Published: Notes from the field',
    ]);
    expect(mails.at(-2)!.text).toContain('Add the numbers, please.');
    expect(mails.at(-1)!.text).toContain(`${SITE}/post/notes-from-the-field`);

    // Her list: the post, published.
    const listed = (await (await list(send('/api/writer/posts', 'GET', ada.cookie))).json()).posts;
    expect(listed.map((p: { id: string; status: string }) => [p.id, p.status])).toEqual([[draft.id, 'PUBLISHED']]);

    // No longer a writer: 403.
    await letWrite(ada.id, 'stop-writing');
    expect((await list(send('/api/writer/posts', 'GET', ada.cookie))).status).toBe(403);
  });
});

function readdirFirst() {
  return readdirSync(path.join('content', 'posts'))[0]!;
}
