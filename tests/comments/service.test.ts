import { describe, expect, it } from 'vitest';
import type { Post } from '@/lib/blog/types';
import { type CommentSettings, type CommentWriter, type PostComment, type PostComments } from '@/lib/comments/types';
import { commentRefusal, createCommentService } from '@/lib/comments/service';
import type { Member } from '@/lib/members/types';

// The rules of commenting over fake ports (no database, no HTTP): what the service asks of the comments' port, and
// what it refuses before asking anything.

function serviceWith(settings: CommentSettings) {
  const created: { status: string; name: string }[] = [];
  const stored: PostComment[] = [];
  const memberIdOf = (writer: CommentWriter) => (writer.kind === 'member' ? writer.memberId : null);
  const comments = {
    latest: async (postId, writer) =>
      stored.findLast(
        (c) => c.postId === postId && c.author.memberId === memberIdOf(writer) && c.author.name === writer.name,
      ) ?? null,
    create: async (comment, writer, status) => {
      created.push({ status, name: writer.name });
      // Slow, as a database is: a second comment sent meanwhile finds nothing written yet unless it waits its turn.
      await new Promise((resolve) => setTimeout(resolve, 5));
      const written = {
        id: `c${created.length}`,
        postId: comment.postId,
        parentId: comment.parentId ?? null,
        author: { memberId: memberIdOf(writer), name: writer.name },
        text: comment.text,
        status,
      } as PostComment;
      stored.push(written);
      return written;
    },
  } as Partial<PostComments> as PostComments;
  const member = { id: 'm1', displayName: 'Ada', email: 'ada@example.com' } as Member;
  const service = createCommentService({
    comments: () => comments,
    settings: () => ({ get: async () => settings, set: async (s) => s }),
    replies: () => {
      throw new Error('no reply watch asked');
    },
    captcha: () => ({ verify: async () => false }),
    memberOf: async (session) => (session === 'member-session' ? member : null),
  });
  return { service, created };
}

let clients = 0;
const input = (
  post: Partial<Post>,
  session?: string,
  fields: Record<string, string> = { text: 'Hello', name: 'Bo' },
) => ({
  postId: post.id ?? 'p1',
  session,
  client: `service-test-${++clients}`,
  post: async () => ({ id: 'p1', slug: 'p', ...post }) as Post,
  fields: async () => fields,
});

describe('the comment service', () => {
  it('refuses a comment on a post whose comments are closed, writing nothing', async () => {
    const { service, created } = serviceWith({ visitorsMayComment: true, approval: 'none' });
    const refused = service.write(input({ commentingEnabled: false }, 'member-session'));
    await expect(refused).rejects.toMatchObject({ status: 403, wde: 'WDE9403' });
    expect(created).toEqual([]);
  });

  it('puts a visitor’s comment pending where visitors’ comments wait, and publishes a member’s', async () => {
    const { service, created } = serviceWith({ visitorsMayComment: true, approval: 'visitors' });
    expect((await service.write(input({}))).comment.status).toBe('PENDING');
    expect((await service.write(input({}, 'member-session'))).comment.status).toBe('PUBLISHED');
    expect(created).toEqual([
      { status: 'PENDING', name: 'Bo' },
      { status: 'PUBLISHED', name: 'Ada' },
    ]);
  });

  it('sends a visitor to sign in where only members comment, and marks an empty text invalid', async () => {
    const { service, created } = serviceWith({ visitorsMayComment: false, approval: 'none' });
    const error = await service.write(input({})).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401, wde: 'WDE9401' });
    expect(commentRefusal(error)).toMatchObject({ reason: 'sign-in', post: { id: 'p1' } });
    const empty = await service.write(input({}, 'member-session', { text: ' ', name: '' })).catch((e: unknown) => e);
    expect(commentRefusal(empty)).toEqual({ reason: 'invalid' });
    expect(created).toEqual([]);
  });

  it('refuses a writer’s comment that repeats their last one on the post, whitespace aside, writing nothing', async () => {
    const { service, created } = serviceWith({ visitorsMayComment: true, approval: 'none' });
    const as = (text: string, session = 'member-session', post: Partial<Post> = {}) =>
      service.write(input(post, session, { text }));
    await as('Great  post!\n\nThanks.');
    for (const again of ['Great post! Thanks.', '  Great post!\n\n\nThanks.  ']) {
      const error = await as(again).catch((e: unknown) => e);
      expect(error).toMatchObject({ status: 409, wde: 'WDE9409' });
      expect((error as Error).message).toMatch(/posted this comment already/);
      // A form is sent back to the comment written the first time.
      expect(commentRefusal(error)).toMatchObject({ reason: 'repeated', comment: { id: 'c1' }, post: { id: 'p1' } });
    }
    expect(created).toHaveLength(1);

    // Not a repeat: other words, the same words in another case, on another post, or after another comment.
    await as('Great post! Thanks!');
    await as('great post! thanks!');
    await as('Great post! Thanks!', 'member-session', { id: 'p2' });
    await as('Great post! Thanks.');
    expect(created).toHaveLength(5);
  });

  it('tells writers apart: another member or visitor may say the same, a visitor is known by their name', async () => {
    const { service, created } = serviceWith({ visitorsMayComment: true, approval: 'none' });
    await service.write(input({}, 'member-session', { text: '+1' }));
    await service.write(input({}, undefined, { text: '+1', name: 'Bo' }));
    await service.write(input({}, undefined, { text: '+1', name: 'Cy' }));
    const again = service.write(input({}, undefined, { text: ' +1 ', name: 'Bo' }));
    await expect(again).rejects.toMatchObject({ status: 409, wde: 'WDE9409' });
    expect(created.map((c) => c.name)).toEqual(['Ada', 'Bo', 'Cy']);
  });

  it('writes a comment sent twice at once (a double press) once', async () => {
    const { service, created } = serviceWith({ visitorsMayComment: false, approval: 'none' });
    const answers = await Promise.allSettled([
      service.write(input({}, 'member-session', { text: 'Twice' })),
      service.write(input({}, 'member-session', { text: 'Twice' })),
    ]);
    expect(answers.map((a) => a.status)).toEqual(['fulfilled', 'rejected']);
    expect((answers[1] as PromiseRejectedResult).reason).toMatchObject({ status: 409 });
    expect(created).toHaveLength(1);
  });
});
