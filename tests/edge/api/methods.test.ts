import { describe, expect, it } from 'vitest';
import { makePosts } from '../../helpers/posts';
import { withSite } from '../../helpers/site';

// Next answers a method a route does not export with a bare 405 (no body, no Allow); every route exports
// JSON 405 answers for the methods it lacks, and its own OPTIONS (Next's would list those 405 handlers).

withSite({}, { content: makePosts(3) });

type Route = Record<string, ((request: Request, context?: unknown) => Promise<Response>) | undefined>;

const ROUTES: Array<{ load: () => Promise<object>; path: string; allowed: string[] }> = [
  { load: () => import('@/app/api/posts/route'), path: '/api/posts', allowed: ['GET'] },
  { load: () => import('@/app/api/posts/query/route'), path: '/api/posts/query', allowed: ['POST'] },
  { load: () => import('@/app/api/posts/[postId]/route'), path: '/api/posts/post-0001', allowed: ['GET'] },
  {
    load: () => import('@/app/api/posts/[postId]/metrics/route'),
    path: '/api/posts/post-0001/metrics',
    allowed: ['GET'],
  },
  { load: () => import('@/app/api/posts/slugs/[slug]/route'), path: '/api/posts/slugs/post-1', allowed: ['GET'] },
  { load: () => import('@/app/api/stats/post-count/route'), path: '/api/stats/post-count', allowed: ['GET'] },
  { load: () => import('@/app/api/stats/total/route'), path: '/api/stats/total', allowed: ['GET'] },
  { load: () => import('@/app/api/webhooks/wix/route'), path: '/api/webhooks/wix', allowed: ['POST'] },
];

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];
/** What Allow must say: the route's methods, HEAD wherever GET is (Next serves it from GET), and OPTIONS. */
const allowOf = (allowed: string[]) =>
  [...allowed, ...(allowed.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].sort().join(', ');
const context = { params: Promise.resolve({}) };

describe.each(ROUTES)('$path', ({ load, path, allowed }) => {
  const route = async () => (await load()) as Route;
  const refused = METHODS.filter((m) => !allowed.includes(m) && !(m === 'HEAD' && allowed.includes('GET')));

  it.each(refused)('answers %s with a JSON 405 and an Allow header', async (method) => {
    const handler = (await route())[method];
    expect(handler, `${path} exports ${method}`).toBeTypeOf('function');
    const response = await handler!(
      new Request(`http://localhost:3000${path}`, {
        method,
        ...(method === 'GET' || method === 'HEAD' ? {} : { body: '{}' }),
      }),
      context,
    );
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe(allowOf(allowed));
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const uses = allowed.join(' or ');
    expect(await response.json()).toEqual({
      error: {
        code: 'WD_VALIDATION_ERROR',
        wde: 'WDE9405',
        message: `${method} is not allowed on ${new URL(`http://x${path}`).pathname}; use ${uses}`,
      },
    });
  });

  it('answers OPTIONS with 204 and the same Allow header', async () => {
    const response = await (
      await route()
    ).OPTIONS!(new Request(`http://localhost:3000${path}`, { method: 'OPTIONS' }), context);
    expect(response.status).toBe(204);
    expect(response.headers.get('allow')).toBe(allowOf(allowed));
  });

  it('keeps its own methods, and leaves HEAD to Next when it has GET', async () => {
    const handlers = await route();
    const exported = Object.keys(handlers)
      .filter((k) => /^[A-Z]+$/.test(k))
      .sort();
    expect(exported).toEqual([...allowed, ...refused, 'OPTIONS'].sort());
    if (allowed.includes('GET')) expect(handlers.HEAD).toBeUndefined();
  });
});

describe('otherMethods()', () => {
  it('names the methods a route lacks and answers 414 before 405 on an overlong URL', async () => {
    const { otherMethods } = await import('@/lib/edge/api/respond');
    const handlers = otherMethods(['POST', 'DELETE']);
    // @ts-expect-error the route implements POST itself: otherMethods has no POST to give (checked by tsc)
    expect(handlers.POST).toBeUndefined();
    // @ts-expect-error HEAD comes from GET, which Next runs for it
    expect(otherMethods(['GET']).HEAD).toBeUndefined();
    expect(Object.keys(handlers).sort()).toEqual(['GET', 'HEAD', 'OPTIONS', 'PATCH', 'PUT']);
    const response = await handlers.PUT(
      new Request(`http://localhost:3000/api/x?${'a'.repeat(3000)}`, { method: 'PUT' }),
    );
    expect(response.status).toBe(414);
    const put = await handlers.PUT(new Request('http://localhost:3000/api/owner/session', { method: 'PUT' }));
    expect(put.headers.get('allow')).toBe('DELETE, OPTIONS, POST');
    expect((await put.json()).error.message).toBe('PUT is not allowed on /api/owner/session; use POST or DELETE');
  });
});
