import { describe, expect, it } from 'vitest';
import { BASE, restPost } from '../../helpers/wix-blog';
import { API_KEY, SITE_ID, json, on, withFakeWix } from './server';

const wix = withFakeWix();

const token = (value: string, expiresIn = 14_400) =>
  json({ access_token: value, expires_in: expiresIn, refresh_token: 'refresh', token_type: 'Bearer' });

describe('wix source: auth and rerouting', () => {
  it('API key auth sends the key and the site id', async () => {
    wix.server.use(on.get('/v3/posts/:id', () => json({ post: restPost() })));
    await wix.source().getPost('post-1');
    const [request] = wix.seen;
    expect(request!.url.origin).toBe(BASE);
    expect(request!.headers.get('authorization')).toBe(API_KEY);
    expect(request!.headers.get('wix-site-id')).toBe(SITE_ID);
  });

  it('OAuth: the visitor token request goes to the base URL, and its token is used and reused', async () => {
    let tokens = 0;
    wix.server.use(
      on.post('/oauth2/token', () => token(`OauthNG.JWS.visitor-${++tokens}`)),
      on.get('/v3/posts/:id', () => json({ post: restPost() })),
    );
    const source = wix.source({ apiKey: undefined, siteId: undefined, clientId: 'client-123' });
    await Promise.all([source.getPost('post-1'), source.getPost('post-1')]);
    await source.getPost('post-1');

    expect(tokens).toBe(1);
    const [tokenRequest, ...calls] = wix.seen;
    expect(tokenRequest!.url.href).toBe(`${BASE}/oauth2/token`);
    expect(tokenRequest!.body).toEqual({ clientId: 'client-123', grantType: 'anonymous' });
    expect(calls).toHaveLength(3);
    for (const call of calls) expect(call.headers.get('authorization')).toBe('OauthNG.JWS.visitor-1');
  });

  it('OAuth: an expiring token is renewed before use', async () => {
    let tokens = 0;
    wix.server.use(
      on.post('/oauth2/token', () => token(`OauthNG.JWS.visitor-${++tokens}`, 30)),
      on.get('/v3/posts/:id', () => json({ post: restPost() })),
    );
    const source = wix.source({ apiKey: undefined, siteId: undefined, clientId: 'client-123' });
    await source.getPost('post-1');
    await source.getPost('post-1');
    expect(tokens).toBe(2);
  });

  it('OAuth: a refused token request is WDE0053 naming WIX_CLIENT_ID', async () => {
    wix.server.use(on.post('/oauth2/token', () => json({ message: 'invalid client' }, { status: 400 })));
    const source = wix.source({ apiKey: undefined, siteId: undefined, clientId: 'bad-client' });
    await expect(source.getPost('post-1')).rejects.toMatchObject({
      status: 502,
      wde: 'WDE0053',
      message: expect.stringContaining('WIX_CLIENT_ID'),
    });
  });

  it('OAuth: the token request is retried like any other', async () => {
    let tokens = 0;
    wix.server.use(
      on.post('/oauth2/token', () => (++tokens === 1 ? json({}, { status: 503 }) : token('OauthNG.JWS.ok'))),
      on.get('/v3/posts/:id', () => json({ post: restPost() })),
    );
    await wix.source({ apiKey: undefined, siteId: undefined, clientId: 'client-123' }).getPost('post-1');
    expect(tokens).toBe(2);
  });

  it('a base URL with a path prefix keeps the prefix', async () => {
    wix.server.use(on.get('/prefix/v3/posts/:id', () => json({ post: restPost() })));
    await wix.source({ apiBaseUrl: `${BASE}/prefix/` }).getPost('post-1');
    expect(wix.seen[0]!.url.pathname).toBe('/prefix/v3/posts/post-1');
  });

  it('a half configuration fails at creation, naming the variable', async () => {
    const { createWixSource } = await import('@/lib/blog/wix');
    expect(() => createWixSource({ apiKey: API_KEY })).toThrow(/WIX_SITE_ID/);
    expect(() => createWixSource({ siteId: SITE_ID })).toThrow(/WIX_API_KEY/);
    expect(() => createWixSource({})).toThrow(/WIX_CLIENT_ID/);
    expect(() => createWixSource({ clientId: 'c', apiBaseUrl: 'wix.test' })).toThrow(/WIX_API_BASE_URL/);
  });
});
