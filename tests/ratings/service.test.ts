import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Post } from '@/lib/blog/types';
import { visitorOfCookie } from '@/lib/core/security/visitor-id';
import { type RatingsPort, asksToSignInToRate, createRatingService } from '@/lib/ratings/service';

// The rules of rating over fake ports (no database, no HTTP): who may rate, and what is checked before anything is
// stored or counted.

beforeEach(() => vi.stubEnv('SESSION_SECRET', 'a-test-secret-of-at-least-thirty-two-characters'));

function serviceWith(visitorsMayRate: boolean) {
  const rated: { raterId: string; value: unknown }[] = [];
  const ratings: RatingsPort = {
    summaries: async () => new Map(),
    mine: async () => null,
    rate: async (_postId, raterId, value) => (rated.push({ raterId, value }), { average: Number(value), count: 1 }),
  };
  const service = createRatingService({
    ratings: () => ratings,
    settings: () => ({ get: async () => ({ visitorsMayRate }), set: async (s) => s }),
    memberOf: async (session) => (session === 'member-session' ? { id: 'm1' } : null),
  });
  return { service, rated };
}

let clients = 0;
const input = (value: unknown, session?: string) => ({
  session,
  visitor: undefined,
  client: `rating-service-${++clients}`,
  post: async () => ({ id: 'p1', slug: 'p' }) as Post,
  value: async () => value,
});

describe('the rating service', () => {
  it('asks a visitor to sign in where members alone rate, and takes a member’s rating', async () => {
    const { service, rated } = serviceWith(false);
    const error = await service.rate(input('4')).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401, wde: 'WDE9401' });
    expect(asksToSignInToRate(error)).toBe(true);
    expect(await service.rate(input('4', 'member-session'))).toMatchObject({ mine: 4, newVisitor: null });
    expect(rated).toEqual([{ raterId: 'm1', value: '4' }]);
  });

  it('makes a visitor of a first rating where visitors rate, and refuses a rating outside 1-5 first', async () => {
    const { service, rated } = serviceWith(true);
    await expect(service.rate(input('6'))).rejects.toMatchObject({ status: 400 });
    const { newVisitor, mine } = await service.rate(input(5));
    expect(mine).toBe(5);
    expect(rated).toEqual([{ raterId: visitorOfCookie(newVisitor ?? undefined), value: 5 }]);
  });
});
