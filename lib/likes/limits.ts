import { isIPv4, isIPv6 } from 'node:net';
import { TooManyRequests } from '@/lib/core/errors';
import { processSingleton } from '@/lib/core/process-singleton';
import { consume, createLimiter, secondsLeft } from '@/lib/core/security/limits';

// What bounds a visitor's likes. A visitor (not signed in) is only a cookie, and a new cookie is a new liker: dropping
// it and liking again would count again, without end. So a visitor's like that would add to a post's count also takes
// a point of a budget kept per client address and post, which no cookie resets: at most VISITOR_LIKES_PER_POST such
// likes from one address on one post per window. A member likes as their account (one like per member and post, in
// either implementation) and is not counted here. Each client also has WRITES_PER_MINUTE likes and unlikes a minute.
// The limiters are the site's (lib/core/security/limits.ts createLimiter: rate-limiter-flexible, on the site's Redis
// when REDIS_URL is set); the like service (service.ts) takes their points.

/** Likes a visitor may add to one post from one client address (an IPv6 client: its /64) per window. */
export const VISITOR_LIKES_PER_POST = 3;
/** The window: a day from the first such like. */
export const VISITOR_LIKES_WINDOW_SECONDS = 24 * 60 * 60;

export const VISITOR_LIKE_LIMIT = {
  keyPrefix: 'likes:visitor-post',
  points: VISITOR_LIKES_PER_POST,
  durationSeconds: VISITOR_LIKES_WINDOW_SECONDS,
} as const;

/** The two 16-bit groups of a dotted IPv4 address, in hex (an IPv6 address may end with one). */
const ipv4Groups = (dotted: string) => {
  const [a, b, c, d] = dotted.split('.').map(Number) as [number, number, number, number];
  return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
};

/**
 * The network a client address stands for: an IPv4 address as it is; an IPv6 address as its /64, the block one
 * subscriber is given (a client chooses among its 2^64 addresses at will); an IPv4-mapped IPv6 address as the IPv4
 * address. Anything else (the shared "unidentified" key, a proxy's odd value) is kept as it is.
 */
export function clientNetwork(address: string): string {
  const bare = address.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  if (isIPv4(bare)) return bare;
  if (!isIPv6(bare)) return address;
  const groupsOf = (part: string) =>
    part ? part.split(':').flatMap((group) => (group.includes('.') ? ipv4Groups(group) : [group])) : [];
  const [head = '', tail] = bare.toLowerCase().split('::');
  const left = groupsOf(head);
  const right = tail === undefined ? [] : groupsOf(tail);
  const full = (
    tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
  ).map((group) => parseInt(group, 16));
  // ::ffff:a.b.c.d is an IPv4 client seen through an IPv6 socket.
  if (full.slice(0, 5).every((group) => group === 0) && full[5] === 0xffff) {
    return [full[6]! >> 8, full[6]! & 0xff, full[7]! >> 8, full[7]! & 0xff].join('.');
  }
  return `${full
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The budget's key for a visitor's like of a post from a client address. */
export const visitorLikeKey = (clientAddress: string, postId: string) =>
  JSON.stringify([clientNetwork(clientAddress), postId]);

/** Likes and unlikes one client may send a minute. */
export const WRITES_PER_MINUTE = 30;

const clientLimiter = () =>
  processSingleton('likes-limits', () =>
    createLimiter({ keyPrefix: 'likes:client', points: WRITES_PER_MINUTE, durationSeconds: 60 }),
  );
const visitorLimiter = () => processSingleton('likes-limits:visitor-post', () => createLimiter(VISITOR_LIKE_LIMIT));

/** Takes a point of the client's likes and unlikes, or throws the catalogue's 429. */
export async function takeLikeWrite(client: string): Promise<void> {
  const taken = await consume(clientLimiter(), client);
  if (!taken.ok) throw new TooManyRequests('too many likes', secondsLeft(taken.res));
}

/** Takes a point of the client address's budget of visitors' likes on the post, or throws the catalogue's 429. */
export async function takeVisitorLike(client: string, postId: string): Promise<void> {
  const taken = await consume(visitorLimiter(), visitorLikeKey(client, postId));
  if (!taken.ok) throw new TooManyRequests('too many likes of this post from this address', secondsLeft(taken.res));
}
