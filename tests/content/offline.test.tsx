import { existsSync } from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RichContent } from '@/components/rich-content/rich-content';
import { hostedVideo } from '@/components/rich-content/video-hosts';
import { CONTENT_DIR, FIXTURE_CONTENT_DIR, readJson, readPosts, walk, type RawNode, type RawPost } from './helpers';

// The demo needs no network: whatever a demo page loads (images, posters, video, audio, GIFs, files, frames and
// what their markup pulls in) comes from content/media or from the site itself. Links a reader may follow to
// other hosts are fine; loads are not. The one exception is a single YouTube/Vimeo VIDEO node, which the renderer
// shows as a click-to-load facade over a poster that must itself be local.

type Rec = Record<string, unknown>;
interface Load {
  where: string;
  /** The node's field the URL sits in: `src`, `url`, `poster`, ... */
  field: string;
  url: string;
}

const demo = readPosts(CONTENT_DIR).map(({ raw }) => raw);
const fixtures = readPosts(FIXTURE_CONTENT_DIR).map(({ raw }) => raw);
const categories = readJson<Rec[]>(path.join(CONTENT_DIR, 'categories.json'));

const rec = (value: unknown): Rec =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Rec) : {};
const arr = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const strings = (...values: unknown[]): string[] =>
  values.filter((value): value is string => typeof value === 'string' && value.trim() !== '');

/** The strings a V1Media (`{ src: { id | url | custom } }`) or an image object (`{ id, url }`) can be loaded from. */
const mediaSources = (media: unknown): string[] => {
  const { src } = rec(media);
  return typeof src === 'string'
    ? strings(src)
    : strings(rec(src).id, rec(src).url, rec(src).custom, rec(media).id, rec(media).url);
};

const dataOf = (node: RawNode): Rec =>
  rec(
    node[
      node.type === 'GIPHY'
        ? 'gifData'
        : `${node.type.toLowerCase().replace(/_(\w)/g, (_, c: string) => c.toUpperCase())}Data`
    ],
  );

const isHostedVideo = (node: RawNode) =>
  node.type === 'VIDEO' && mediaSources(dataOf(node).video).some((url) => hostedVideo(url));

/** What each node type loads, as the renderer would load it; links a reader clicks are left out. */
const NODE_LOADS: Record<string, (data: Rec) => Array<[string, string]>> = {
  IMAGE: (d) => mediaSources(d.image).map((url) => ['image', url]),
  GALLERY: (d) =>
    arr(d.items).flatMap((raw, i) => {
      const item = rec(raw);
      const video = rec(item.video);
      return [
        ...mediaSources(rec(item.image).media),
        ...mediaSources(video.media),
        ...mediaSources(video.thumbnail),
      ].map((url): [string, string] => [`items[${i}]`, url]);
    }),
  VIDEO: (d) => [
    ...mediaSources(d.video).map((url): [string, string] => ['video', url]),
    ...mediaSources(d.thumbnail).map((url): [string, string] => ['poster', url]),
  ],
  AUDIO: (d) => [
    ...mediaSources(d.audio).map((url): [string, string] => ['audio', url]),
    ...mediaSources(d.coverImage).map((url): [string, string] => ['cover', url]),
  ],
  GIF: (d) =>
    ['original', 'downsized'].flatMap((size) =>
      strings(rec(d[size]).gif, rec(d[size]).mp4, rec(d[size]).still).map((url): [string, string] => [size, url]),
    ),
  FILE: (d) => mediaSources(d).map((url) => ['file', url]),
  SHAPE: (d) => mediaSources(d.shape).map((url) => ['shape', url]),
  HTML: (d) => [
    ...strings(d.url).map((url): [string, string] => ['url', url]),
    ...markupLoads(String(d.html ?? '')).map((url): [string, string] => ['html', url]),
  ],
  EMBED: (d) => {
    const oembed = rec(d.oembed);
    return [
      ...strings(d.src).map((url): [string, string] => ['src', url]),
      ...strings(oembed.thumbnailUrl).map((url): [string, string] => ['thumbnail', url]),
      ...(oembed.type === 'photo' ? strings(oembed.url).map((url): [string, string] => ['photo', url]) : []),
      ...markupLoads(String(oembed.html ?? '')).map((url): [string, string] => ['html', url]),
    ];
  },
  LINK_PREVIEW: (d) => strings(d.thumbnailUrl).map((url) => ['thumbnail', url]),
  APP_EMBED: (d) => [...mediaSources(d.image), ...strings(d.imageSrc)].map((url) => ['image', url]),
};
NODE_LOADS.GIPHY = NODE_LOADS.GIF!;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'", '#x27': "'" };
const decode = (value: string) =>
  value.replace(/&(amp|lt|gt|quot|apos|#39|#x27);/g, (_, name: string) => ENTITIES[name]!);
const cssUrls = (css: string) =>
  [...css.matchAll(/url\(\s*["']?([^"')]+)["']?\s*\)|@import\s+["']([^"']+)["']/gi)].map((m) => (m[1] ?? m[2])!.trim());

/** Every URL a piece of markup makes the browser fetch: element sources, srcsets, posters, nested srcdoc and CSS. */
function markupLoads(html: string): string[] {
  const out = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].flatMap((match) => cssUrls(match[1]!));
  for (const [, tag, attrs] of html.matchAll(/<([a-z][\w-]*)\b([^>]*)>/gi)) {
    if (['a', 'area', 'form', 'base'].includes(tag!.toLowerCase())) continue;
    for (const attr of attrs!.matchAll(/([\w:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/g)) {
      const name = attr[1]!.toLowerCase();
      const value = decode(attr[2] ?? attr[3] ?? attr[4] ?? '');
      if (['src', 'href', 'poster', 'data', 'background'].includes(name)) out.push(value.trim());
      else if (name === 'srcset' || name === 'imagesrcset')
        out.push(
          ...value
            .split(',')
            .map((candidate) => candidate.trim().split(/\s+/)[0]!)
            .filter(Boolean),
        );
      else if (name === 'srcdoc') out.push(...markupLoads(value));
      else if (name === 'style') out.push(...cssUrls(value));
    }
  }
  return out;
}

/** Loaded from another host: an absolute or protocol-relative http(s) URL. */
const offSite = (url: string) => /^\s*(https?:)?\/\//i.test(url);

/** A media file of content/media, named bare or as /media/<file>; null for anything else. */
const mediaFile = (url: string): string | null => {
  const name = url.startsWith('/media/') ? url.slice('/media/'.length) : url;
  return /^[\w.-]+$/.test(name) && !name.includes('~mv2') && existsSync(path.join(CONTENT_DIR, 'media', name))
    ? name
    : null;
};

/** A load the demo may make: a file of content/media, or (frames, embeds) a page of this site. */
const isLocal = ({ field, url }: Load) =>
  mediaFile(url) !== null || (['url', 'src'].includes(field) && /^\/(?!\/)/.test(url));

function nodeLoads(post: RawPost): Load[] {
  const loads: Load[] = [];
  walk(post.richContent.nodes, (node) => {
    if (isHostedVideo(node)) return;
    for (const [field, url] of NODE_LOADS[node.type]?.(dataOf(node)) ?? [])
      loads.push({ where: `${post.slug} ${node.type} ${node.id ?? ''}`, field, url });
  });
  return loads;
}

function coverLoads(post: RawPost): Load[] {
  const media = rec(post.media);
  const wix = rec(media.wixMedia);
  const video = rec(wix.videoV2);
  const embed = rec(media.embedMedia);
  const sources: Array<[string, string[]]> = [
    ['heroImage', mediaSources({ src: post.heroImage })],
    ['media.wixMedia.image', mediaSources({ src: wix.image })],
    [
      'media.wixMedia.videoV2',
      [
        ...strings(video.url, video.id),
        ...arr(video.resolutions).flatMap((r) => strings(rec(r).url)),
        ...mediaSources({ src: video.posters ? arr(video.posters)[0] : undefined }),
      ],
    ],
    ['media.embedMedia', [...strings(rec(embed.thumbnail).url), ...strings(rec(embed.video).url)]],
  ];
  return sources.flatMap(([field, urls]) => urls.map((url) => ({ where: post.slug, field, url })));
}

/** The post with its YouTube/Vimeo VIDEO nodes left out (the facade is checked on its own). */
const withoutHostedVideos = (nodes: RawNode[]): RawNode[] =>
  nodes
    .filter((node) => !isHostedVideo(node))
    .map((node) => ({ ...node, nodes: withoutHostedVideos(node.nodes ?? []) }));

const rendered = (post: RawPost) =>
  renderToStaticMarkup(<RichContent content={{ nodes: withoutHostedVideos(post.richContent.nodes) }} />);

describe('the demo needs no network', () => {
  it('loads every image, video, audio, GIF, file, frame and embed of every post from this site', () => {
    const foreign = demo.flatMap(nodeLoads).filter((load) => !isLocal(load));
    expect(foreign).toEqual([]);
  });

  it('loads every cover (posts and categories) from content/media', () => {
    const covers = [
      ...demo.flatMap(coverLoads),
      ...categories.flatMap((category) =>
        mediaSources({ src: category.coverImage }).map((url) => ({
          where: `category ${String(category.slug)}`,
          field: 'coverImage',
          url,
        })),
      ),
    ];
    expect(covers.length).toBeGreaterThan(demo.length);
    expect(covers.filter(({ url }) => mediaFile(url) === null)).toEqual([]);
  });

  it('has at most one YouTube/Vimeo video, with a poster from content/media', () => {
    const hosted: Array<{ slug: string; node: RawNode }> = [];
    for (const post of demo)
      walk(post.richContent.nodes, (node) => isHostedVideo(node) && hosted.push({ slug: post.slug, node }));
    expect(hosted.length).toBeLessThanOrEqual(1);
    for (const { slug, node } of hosted) {
      const poster = mediaSources(dataOf(node).thumbnail);
      expect(poster, `${slug} ${String(node.id)}`).not.toEqual([]);
      expect(
        poster.filter((url) => mediaFile(url) === null),
        `${slug} ${String(node.id)}`,
      ).toEqual([]);
    }
  });

  it.each([
    ['demo', demo],
    ['fixture', fixtures],
  ] as const)('renders no %s post into markup that loads from another host', (_name, posts) => {
    expect(posts.length).toBeGreaterThan(0);
    const foreign = posts.flatMap((post) =>
      markupLoads(rendered(post))
        .filter(offSite)
        .map((url) => `${post.slug}: ${url}`),
    );
    expect(foreign).toEqual([]);
  });

  it('spots loads in markup, srcdoc and CSS, and leaves links alone', () => {
    const html = `<a href="https://example.com/">a link</a><img src="//cdn.example/x.png" srcset="/media/a.png 1x, https://cdn.example/b.png 2x"><iframe srcdoc="&lt;video poster=&quot;https://cdn.example/p.png&quot;&gt;"></iframe><div style="background:url('https://cdn.example/bg.png')"></div><style>@import "https://cdn.example/s.css";</style>`;
    expect(markupLoads(html).filter(offSite).sort()).toEqual([
      '//cdn.example/x.png',
      'https://cdn.example/b.png',
      'https://cdn.example/bg.png',
      'https://cdn.example/p.png',
      'https://cdn.example/s.css',
    ]);
  });
});
