import { cookiesOf } from './paid-read';

// The soak's members (figure 8): four join at the start, then each in turn walks six steps, one request a second: a
// like, their session, a comment on the probe post, the post's comments, the comment deleted, the like taken back (the
// data stays the same size). Every member request comes from an address of its own (X-Forwarded-For, one proxy hop
// trusted), as a blog's readers do: the per-address limits (comments, likes, joins) are not what is measured.

/** A distinct client address for the n-th member request (10.0.0.0/8). */
const address = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

/**
 * The members of the server at `url` joined; answers the i-th member request (from 1): what it was, and its status
 * (200 where it answered what the step expects).
 */
export async function soakMembers(url: string, postId: string) {
  // Members join, each from its own address.
  let clients = 0;
  const call = (pathname: string, init: RequestInit & { cookie?: string } = {}) =>
    fetch(url + pathname, {
      ...init,
      redirect: 'manual',
      signal: AbortSignal.timeout(10_000),
      headers: {
        'x-forwarded-for': address(++clients),
        ...(init.cookie && { cookie: init.cookie }),
        ...(init.body && typeof init.body === 'string' && { 'content-type': 'application/json' }),
        ...init.headers,
      },
    });
  const members: string[] = [];
  for (let i = 0; i < 4; i++) {
    const joined = await call('/api/members/join', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        email: `soak-${i}-${Date.now()}@example.com`,
        password: 'soak member password',
        displayName: `Soak ${i}`,
      }),
    });
    const cookie = cookiesOf(joined);
    if (!cookie.includes('member_session=')) throw new Error(`a member could not join (HTTP ${joined.status})`);
    members.push(cookie);
  }

  // Each member in turn walks the same six steps, so comments and likes come and go.
  const written = new Map<string, string>();
  const steps: Array<[string, (cookie: string) => Promise<Response>, number]> = [
    ['like', (cookie) => call(`/api/posts/${postId}/likes`, { method: 'POST', cookie, body: '{}' }), 200],
    ['session', (cookie) => call('/api/members/session', { cookie }), 200],
    [
      'comment',
      async (cookie) => {
        const r = await call(`/api/posts/${postId}/comments`, {
          method: 'POST',
          cookie,
          body: JSON.stringify({ text: `A soak comment, ${new Date().toISOString()}` }),
        });
        if (r.status === 201) written.set(cookie, ((await r.json()) as { comment: { id: string } }).comment.id);
        return r;
      },
      201,
    ],
    ['comments', (cookie) => call(`/api/posts/${postId}/comments`, { cookie }), 200],
    [
      'delete comment',
      (cookie) => call(`/api/comments/${written.get(cookie) ?? 'none'}`, { method: 'DELETE', cookie }),
      200,
    ],
    [
      'unlike',
      (cookie) => call(`/api/posts/${postId}/likes`, { method: 'POST', cookie, body: '{"intent":"unlike"}' }),
      200,
    ],
  ];
  return async (i: number) => {
    const member = members[Math.floor((i - 1) / steps.length) % members.length]!;
    const [what, send, expected] = steps[(i - 1) % steps.length]!;
    const status = await send(member).then(
      async (r) => {
        await r.arrayBuffer().catch(() => undefined);
        return r.status;
      },
      () => 0,
    );
    return { what, status: status === expected ? 200 : status };
  };
}
