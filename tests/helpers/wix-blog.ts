// Wix Blog REST shapes (what www.wixapis.com answers), used by the fake Wix in tests/blog/wix/server.ts.

export const BASE = 'http://wix.test';

export const restPost = (overrides: Record<string, unknown> = {}) => ({
  id: 'post-1',
  title: 'Hello Wix',
  excerpt: 'An excerpt',
  slug: 'hello-wix',
  firstPublishedDate: '2024-03-05T10:00:00.000Z',
  lastPublishedDate: '2024-03-06T11:30:00.000Z',
  featured: true,
  pinned: false,
  categoryIds: ['cat-1'],
  tagIds: ['tag-1'],
  hashtags: ['wix'],
  memberId: 'member-1',
  commentingEnabled: true,
  minutesToRead: 4,
  language: 'en',
  status: 'A_STATUS_FROM_THE_FUTURE',
  somethingNew: { added: 'later' },
  heroImage: {
    id: 'abc~mv2.jpg',
    url: 'https://static.wixstatic.com/media/abc~mv2.jpg',
    width: 1200,
    height: 800,
    filename: 'hero.jpg',
  },
  media: {
    wixMedia: {
      image: { id: 'img~mv2.png', url: 'https://static.wixstatic.com/media/img~mv2.png', width: 640, height: 480 },
      videoV2: { id: 'vid123', filename: 'clip.mp4', posters: [{ id: 'poster~mv2.jpg', width: 320, height: 180 }] },
    },
    displayed: true,
    custom: false,
  },
  coverMedia: {
    image: { id: 'cover~mv2.jpg', url: 'https://static.wixstatic.com/media/cover~mv2.jpg', width: 10, height: 20 },
    enabled: true,
  },
  url: { base: 'https://example.wixsite.com/blog', path: '/post/hello-wix' },
  translations: [
    {
      id: 'post-1-fr',
      language: 'fr',
      slug: 'bonjour',
      url: { base: 'https://example.wixsite.com/blog', path: '/fr/post/bonjour' },
    },
  ],
  moderationDetails: {
    submittedBy: 'member-1',
    submittedDate: '2024-03-01T00:00:00.000Z',
    status: 'APPROVED',
    moderationDate: '2024-03-02T00:00:00.000Z',
  },
  ...overrides,
});

export const richContent = {
  nodes: [
    {
      type: 'PARAGRAPH',
      id: 'n1',
      nodes: [{ type: 'TEXT', id: '', nodes: [], textData: { text: 'Hi', decorations: [] } }],
      paragraphData: {},
    },
    {
      type: 'IMAGE',
      id: 'n2',
      nodes: [],
      imageData: { image: { src: { id: 'inline~mv2.jpg' }, width: 100, height: 50 } },
    },
  ],
  metadata: {
    version: 1,
    createdTimestamp: '2024-03-05T09:00:00.000Z',
    updatedTimestamp: '2024-03-06T09:00:00.000Z',
    id: 'doc-1',
  },
  documentStyle: {},
};

export const restCategory = (overrides: Record<string, unknown> = {}) => ({
  id: 'cat-1',
  label: 'News',
  slug: 'news',
  title: 'News title',
  description: 'All the news',
  postCount: 3,
  displayPosition: 0,
  language: 'en',
  url: { base: 'https://example.wixsite.com/blog', path: '/categories/news' },
  coverImage: {
    id: 'catcover~mv2.jpg',
    url: 'https://static.wixstatic.com/media/catcover~mv2.jpg',
    width: 300,
    height: 200,
  },
  updatedDate: '2024-02-01T00:00:00.000Z',
  ...overrides,
});

export const restTag = (overrides: Record<string, unknown> = {}) => ({
  id: 'tag-1',
  label: 'Travel',
  slug: 'travel',
  postCount: 5,
  publishedPostCount: 4,
  language: 'en',
  url: { base: 'https://example.wixsite.com/blog', path: '/tags/travel' },
  createdDate: '2024-01-01T00:00:00.000Z',
  updatedDate: '2024-01-02T00:00:00.000Z',
  ...overrides,
});
