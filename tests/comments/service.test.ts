import { describe, expect, it } from 'vitest';
import type { Post } from '@/lib/blog/types';
import { type CommentSettings, type PostComment, type PostComments } from '@/lib/comments/types';
import { commentRefusal, createCommentService } from '@/lib/comments/service';
import type { Member } from '@/lib/members/types';

// The rules of commenting over fake ports (no database, no HTTP): what the service asks of the comments' port, and
// what it refuses before asking anything.

function serviceWith(settings: CommentSettings) {
  const created: { status: string; name: string }[] = [];
  const comments = {
    create: async (comment, writer, status) => {
      created.push({ status, name: writer.name });
      return { id: `c${created.length}`, postId: comment.postId, status } as PostComment;
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
const input = (post: Partial<Post>, session?: string, fields = { text: 'Hello', name: 'Bo' }) => ({
  postId: 'p1',
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
});
