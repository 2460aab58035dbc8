import { describe, expect, it } from 'vitest';
import type { Post } from '@/lib/blog/types';
import { VISITOR_LIKES_PER_POST } from '@/lib/likes/limits';
import { createLikeService } from '@/lib/likes/service';
import type { Liker, PostLikes } from '@/lib/likes/types';
import type { Member } from '@/lib/members/types';

// The rules of liking over a fake port (no database, no HTTP): who the liker is, when a visitor is made, and the
// address's budget of visitors' likes on a post.

function serviceWith() {
  const likers = new Set<string>();
  const key = (liker: Liker) => (liker.kind === 'member' ? `m:${liker.memberId}` : `v:${liker.visitor}`);
  let visitors = 0;
  const state = async (_postId: string, liker: Liker | null) => ({
    total: likers.size,
    liked: liker ? likers.has(key(liker)) : false,
  });
  const likes: PostLikes = {
    name: 'local',
    state,
    like: async (postId, liker) => (likers.add(key(liker)), state(postId, liker)),
    unlike: async (postId, liker) => (likers.delete(key(liker)), state(postId, liker)),
    newVisitor: async () => `visitor-${++visitors}`,
    isVisitor: (value) => value.startsWith('visitor-'),
  };
  const member = { id: 'm1' } as Member;
  const service = createLikeService({
    likes: () => likes,
    memberOf: async (session) => (session === 'member-session' ? member : null),
  });
  return { service, likers };
}

let clients = 0;
const post = async () => ({ id: 'p1', slug: 'p' }) as Post;
const input = (client: string, intent: 'like' | 'unlike', caller: { session?: string; visitor?: string } = {}) => ({
  postId: 'p1',
  session: caller.session,
  visitor: caller.visitor,
  client,
  intent: async () => intent,
  post,
});

describe('the like service', () => {
  it('makes a visitor of a first like, and none of an unlike by nobody', async () => {
    const { service } = serviceWith();
    const client = `like-service-${++clients}`;
    const unliked = await service.write(input(client, 'unlike'));
    expect(unliked).toMatchObject({ newVisitor: null, state: { total: 0, liked: false } });
    const liked = await service.write(input(client, 'like', { visitor: 'forged' }));
    expect(liked).toMatchObject({ newVisitor: 'visitor-1', state: { total: 1, liked: true } });
  });

  it('bounds the likes visitors add to a post from one address, but not a member’s', async () => {
    const { service, likers } = serviceWith();
    const client = `like-service-${++clients}`;
    for (let i = 0; i < VISITOR_LIKES_PER_POST; i++) await service.write(input(client, 'like'));
    await expect(service.write(input(client, 'like'))).rejects.toMatchObject({ status: 429, wde: 'WDE9429' });
    expect(likers.size).toBe(VISITOR_LIKES_PER_POST);
    // A visitor who likes the post already takes no point; a member has no such budget.
    await service.write(input(client, 'like', { visitor: 'visitor-1' }));
    const member = await service.write(input(client, 'like', { session: 'member-session' }));
    expect(member).toMatchObject({ newVisitor: null, state: { liked: true, total: VISITOR_LIKES_PER_POST + 1 } });
  });
});
