import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, on, withFakeWix } from './server';
import { BASE } from '../../helpers/wix-blog';

// The writer of a post from Wix Members, in the REST shape `@wix/members` getMember and queryMembers use, PUBLIC
// fieldset. A member Wix does not know (or will not show) is no author: the post renders without a byline.

const wix = withFakeWix();

/** A member as Wix answers it; `loginEmail` and `contact` are there to prove they are never read. */
const restMember = (overrides: Record<string, unknown> = {}) => ({
  id: 'member-1',
  loginEmail: 'maya@example.com',
  contact: { firstName: 'Maya', emails: ['maya@example.com'] },
  profile: {
    nickname: 'Maya Okafor',
    slug: 'maya-okafor',
    title: 'Performance engineer',
    photo: { id: 'abc~mv2.jpg', url: 'https://static.wixstatic.com/media/abc~mv2.jpg', width: 400, height: 400 },
  },
  ...overrides,
});

const MAYA = {
  id: 'member-1',
  name: 'Maya Okafor',
  slug: 'maya-okafor',
  title: 'Performance engineer',
  avatar: 'https://static.wixstatic.com/media/abc~mv2.jpg',
};

describe('wix source: authors', () => {
  it('getAuthor calls GET /members/v1/members/{id}?fieldsets=PUBLIC and keeps only the public profile', async () => {
    wix.server.use(on.get('/members/v1/members/:id', () => json({ member: restMember() })));
    const author = await wix.source().getAuthor('member-1');
    expect(author).toEqual(MAYA);
    expect(JSON.stringify(author)).not.toContain('@');
    const [request] = wix.to('/members/v1/members/member-1');
    expect(request!.method).toBe('GET');
    expect(request!.url.searchParams.getAll('fieldsets')).toEqual(['PUBLIC']);
    expect(request!.headers.get('authorization')).toBeTruthy();
  });

  it('a member Wix does not know, or will not show, is null; an id that cannot be a path segment asks nothing', async () => {
    wix.server.use(
      on.get('/members/v1/members/unknown', () => json({ message: 'member not found' }, { status: 404 })),
      on.get('/members/v1/members/private', () => json({ message: 'forbidden' }, { status: 403 })),
      on.get('/members/v1/members/nameless', () => json({ member: restMember({ profile: { slug: 'x' } }) })),
    );
    const source = wix.source();
    await expect(source.getAuthor('unknown')).resolves.toBeNull();
    await expect(source.getAuthor('private')).resolves.toBeNull();
    await expect(source.getAuthor('nameless')).resolves.toBeNull();
    await expect(source.getAuthor('../posts')).resolves.toBeNull();
    expect(wix.seen).toHaveLength(3);
  });

  it('a failing Wix is a catalogue error once the retries are spent', async () => {
    wix.server.use(on.get('/members/v1/members/:id', () => json({}, { status: 503 })));
    await expect(wix.source({ retries: 1 }).getAuthor('member-1')).rejects.toMatchObject({
      status: 502,
      wde: 'WDE0053',
    });
  });

  it('getAuthorBySlug queries members by profile.slug, PUBLIC fieldset', async () => {
    wix.server.use(on.post('/members/v1/members/query', () => json({ members: [restMember()] })));
    await expect(wix.source().getAuthorBySlug('maya-okafor')).resolves.toEqual(MAYA);
    expect(wix.to('/members/v1/members/query')[0]!.body).toEqual({
      fieldsets: ['PUBLIC'],
      query: { filter: { 'profile.slug': { $eq: 'maya-okafor' } }, paging: { limit: 1 } },
    });
  });

  it('a slug no member has is null', async () => {
    wix.server.use(on.post('/members/v1/members/query', () => json({ members: [] })));
    await expect(wix.source().getAuthorBySlug('nobody')).resolves.toBeNull();
  });
});

describe('a post whose writer Wix does not know', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('renders without an author (null), never a 5xx: unknown members and failures alike', async () => {
    vi.stubEnv('BLOG_SOURCE', 'wix');
    vi.stubEnv('WIX_API_KEY', 'IST.test-api-key-0123456789');
    vi.stubEnv('WIX_SITE_ID', 'site-0001');
    vi.stubEnv('WIX_API_BASE_URL', BASE);
    (await import('@/lib/core/config')).resetConfig();
    wix.server.use(
      on.get('/members/v1/members/ghost', () => json({ message: 'member not found' }, { status: 404 })),
      on.get('/members/v1/members/broken', () => json({}, { status: 400 })),
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { authorOf } = await import('@/lib/edge/pages/authors');
    await expect(authorOf('ghost')).resolves.toBeNull();
    await expect(authorOf('broken')).resolves.toBeNull();
    await expect(authorOf(undefined)).resolves.toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('author unavailable'));
    warn.mockRestore();
  });
});
