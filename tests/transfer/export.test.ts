import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentFolder, plainText, type RawPost } from '@/lib/blog/tools';
import { createDataClient } from '@/lib/data/client';
import { subscribers } from '@/lib/data/collections';
import { createEmbeddedBackend } from '@/lib/data/embedded';
import { OWNER } from '@/lib/data/permissions';
import { members } from '@/lib/members/collection';
import { planGrants, pricingPlans } from '@/lib/plans/local';
import type { RicosNode } from '@/lib/core/ricos/types';
import { exportSite, type ExportReport } from '@/lib/transfer/export';
import { PEOPLE_COLUMNS } from '@/lib/transfer/people-csv';
import { sameNode } from '@/lib/transfer/ricos-to-markdown-fields';
import { readWordPress } from '@/lib/transfer/sources/wordpress';
import { edgesUnmarked, readBack } from './export-read-back';

// The export of the repository's demo content (copied: content/ is never written): a Markdown file per post that the
// site's own Markdown reader (lib/core/ricos/markdown.ts with the demo's ```ricos:<kind> blocks, the media ones as the
// import reads them, with the size and alt text they say, and ```ricos:node read as its JSON: the addition the export
// asks of markdown.ts) reads back as the post, a WXR file any XML parser and the WordPress importer read, the media
// the posts use, and the people as CSV without a secret.

const CONTENT = path.resolve('content');
const work = mkdtempSync(path.join(tmpdir(), 'export-test-'));
const contentDir = path.join(work, 'content');
const out = path.join(work, 'out');
cpSync(CONTENT, contentDir, { recursive: true });
afterAll(() => rmSync(work, { recursive: true, force: true }));

const HASH = '$argon2id$v=19$m=65536,t=3,p=4$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA';
const backend = createEmbeddedBackend();
const records = createDataClient({ backend, collections: [members, subscribers, pricingPlans, planGrants] });
afterAll(() => records.close());

let report: ExportReport;
let posts: RawPost[];
beforeAll(async () => {
  const member = { passwordHash: HASH, verificationCodeHash: 'code-hash-secret', sessionEpoch: 3 };
  await records.insert(
    'members',
    { _id: 'm-ada', email: 'ada@example.com', displayName: 'Ada', status: 'ACTIVE', emailVerified: true, ...member },
    OWNER,
  );
  await records.insert(
    'members',
    { _id: 'm-bob', email: 'bob@example.com', displayName: '=Bob', status: 'BLOCKED', emailVerified: false, ...member },
    OWNER,
  );
  await records.insert(
    'subscribers',
    { email: 'ada@example.com', status: 'confirmed', confirmedDate: '2026-01-02T00:00:00.000Z' },
    OWNER,
  );
  await records.insert('subscribers', { email: 'carol@example.com', status: 'pending', language: 'es' }, OWNER);
  await records.insert('pricing-plans', { _id: 'gold', name: 'Gold', price: '', billing: 'unlimited' }, OWNER);
  await records.insert(
    'plan-grants',
    { _id: 'm-ada.gold', memberId: 'm-ada', planId: 'gold', status: 'active' },
    OWNER,
  );
  const folder = new ContentFolder(contentDir);
  posts = await folder.posts();
  report = await exportSite({ folder, out, records, siteUrl: 'https://blog.example.com/' });
}, 60_000);

/** A post's exported file: its front matter and body. */
function exported(post: RawPost) {
  const files = readdirSync(path.join(out, 'posts')).map((name) => readFileSync(path.join(out, 'posts', name), 'utf8'));
  const file = files.find((text) => text.includes(`\nid: ${post.id}\n`));
  if (!file) throw new Error(`no file for ${post.slug}`);
  const [, matter = '', body = ''] = /^---\n([\s\S]*?)\n---\n\n?([\s\S]*)$/.exec(file) ?? [];
  return { matter: parseYaml(matter) as Record<string, unknown>, body };
}

const nodesOf = (post: RawPost) => (post.richContent as { nodes: RicosNode[] }).nodes;
const bySlug = (slug: string) => posts.find((post) => post.slug === slug)!;

/** The share of the original's words found, as many times, in the copy. */
function coverage(original: string, copy: string): number {
  const words = (text: string) => text.split(/\s+/).filter(Boolean);
  const left = new Map<string, number>();
  for (const word of words(copy)) left.set(word, (left.get(word) ?? 0) + 1);
  const wanted = words(original);
  const found = wanted.filter((word) => (left.get(word) ?? 0) > 0 && left.set(word, left.get(word)! - 1)).length;
  return wanted.length ? found / wanted.length : 1;
}

describe('exportSite: the posts as Markdown', () => {
  it('writes one file per post, every status and language', () => {
    const names = readdirSync(path.join(out, 'posts'));
    expect(names).toHaveLength(posts.length);
    expect(names.every((name) => name.endsWith('.md'))).toBe(true);
    expect(report.counts).toMatchObject({
      posts: 42,
      published: 39,
      drafts: 2,
      scheduled: 1,
      languages: { en: 37, es: 5 },
    });
    expect(new Set(posts.map((post) => exported(post).matter.id))).toEqual(new Set(posts.map((post) => post.id)));
  });

  it('gives each its front matter', () => {
    const spanish = exported(bySlug('que-mide-realmente-el-lcp')).matter;
    expect(spanish).toMatchObject({
      title: 'Qué mide realmente el LCP (y qué no)',
      slug: 'que-mide-realmente-el-lcp',
      date: bySlug('que-mide-realmente-el-lcp').firstPublishedDate,
      status: 'published',
      language: 'es',
      translationOf: 'what-lcp-actually-measures',
      author: 'Maya Okafor',
      cover: '/media/hero-bars.png',
      pinned: false,
      featured: false,
      id: bySlug('que-mide-realmente-el-lcp').id,
      url: 'https://blog.example.com/es/post/que-mide-realmente-el-lcp',
    });
    expect(spanish.tags).toEqual(['metricas-web-esenciales', 'imagenes']);
    expect(spanish.categories).toEqual(['rendimiento']);
    expect(exported(bySlug('what-lcp-actually-measures')).matter).toMatchObject({ featured: true, language: 'en' });
    expect(exported(bySlug('what-lcp-actually-measures')).matter.translationOf).toBeUndefined();
    expect(exported(bySlug('welcome-to-the-render-path')).matter.pinned).toBe(true);
    expect(exported(bySlug('view-transitions-across-documents')).matter.status).toBe('scheduled');
    expect(exported(bySlug('memory-leaks-in-single-page-apps')).matter).toMatchObject({ status: 'draft', draft: true });
    const seo = exported(bySlug('caching-headers-explained-with-one-table')).matter;
    expect(seo).toMatchObject({ seoTitle: 'Cache-Control recipes in one table', excerpt: expect.any(String) });
  });

  it('writes bodies the site reads back as the same text, and the same nodes', () => {
    const worst = { slug: '', coverage: 1 };
    const differing: string[] = [];
    for (const post of posts) {
      const nodes = readBack(exported(post).body);
      const [original, copy] = [plainText(nodesOf(post)), plainText(nodes)];
      const share = coverage(original, copy);
      if (share < worst.coverage) Object.assign(worst, { slug: post.slug, coverage: share });
      expect(copy, post.slug).toBe(original);
      if (!sameNode(edgesUnmarked(nodes), edgesUnmarked(nodesOf(post)))) differing.push(post.slug);
    }
    console.info(`export: worst text coverage ${(worst.coverage * 100).toFixed(1)}% ${worst.slug}`);
    expect(worst.coverage).toBe(1);
    // Every demo node has its Markdown or its block: read back, each post is its nodes again (ids aside, and the
    // white space at the edges of marked text unmarked).
    expect(differing).toEqual([]);
    expect(report.markdown.json).toEqual({});
    expect(report.markdown.dropped).toEqual({});
  });

  it('spells the blocks Markdown lacks as the demo does', () => {
    const { body } = exported(bySlug('every-block-our-editor-supports'));
    expect(body).toContain('## Text and its styles {#text-styles}');
    expect(body).toContain('[several styles at once](ricos:bold+italic+underline+color=#1F4FD8)');
    expect(body).toContain('```ricos:gallery\nimages: [/media/hero-grid.png, /media/hero-circles.png');
    expect(body).toContain('```ricos:smart-block type=PROCESS_STEPS\n# Write\n');
    expect(body).toContain('- [x] A checklist item that is done');
    expect(Object.keys(report.markdown.directives)).toEqual(expect.arrayContaining(['poll', 'video', 'collapsible']));
  });
});

describe('exportSite: media, WXR, people', () => {
  it('copies the media the posts use, and no other', () => {
    const copied = readdirSync(path.join(out, 'media')).sort();
    for (const file of [
      'hero-editor-blocks.png',
      'confetti.gif',
      'confetti-still.png',
      'page-load.mp4',
      'wave-shape.svg',
    ])
      expect(readFileSync(path.join(out, 'media', file))).toEqual(readFileSync(path.join(CONTENT, 'media', file)));
    expect(copied).not.toContain('LICENSE.md');
    expect(copied).not.toContain('avatar-maya-okafor.png');
    expect(copied).toHaveLength(report.counts.media);
    expect(report.files).toEqual(expect.arrayContaining(['wordpress.xml', 'README.md', 'media/confetti.gif']));
  });

  it('writes a WXR that parses, one item per post with its Ricos JSON', () => {
    const xml = readFileSync(path.join(out, 'wordpress.xml'), 'utf8');
    expect(XMLValidator.validate(xml)).toBe(true);
    const parser = new XMLParser({
      ignoreAttributes: false,
      parseTagValue: false,
      isArray: (name) => ['item', 'wp:postmeta', 'category'].includes(name),
    });
    const channel = parser.parse(xml).rss.channel;
    expect(channel['wp:wxr_version']).toBe('1.2');
    expect(channel['wp:base_site_url']).toBe('https://blog.example.com');
    type Meta = { 'wp:meta_key': string; 'wp:meta_value': string };
    const items = channel.item as Array<Record<string, string> & { 'wp:postmeta': Meta[]; category?: unknown[] }>;
    const metaOf = (item: (typeof items)[number]) =>
      Object.fromEntries(item['wp:postmeta'].map((m) => [m['wp:meta_key'], m['wp:meta_value']]));
    const postItems = items.filter((item) => item['wp:post_type'] === 'post');
    expect(postItems).toHaveLength(posts.length);
    expect(items.filter((item) => item['wp:post_type'] === 'attachment')).toHaveLength(report.counts.media);
    for (const post of posts) {
      const item = postItems.find((i) => metaOf(i)._wix_id === post.id)!;
      const meta = metaOf(item);
      expect(item['wp:post_name']).toBe(post.slug);
      expect(JSON.parse(meta._wix_ricos!)).toEqual(post.richContent);
      expect(item['wp:status']).toBe({ PUBLISHED: 'publish', SCHEDULED: 'future' }[post.status ?? ''] ?? 'draft');
      expect(item['wp:is_sticky']).toBe(post.pinned ? '1' : '0');
    }
    const lcp = postItems.find((item) => item['wp:post_name'] === 'what-lcp-actually-measures')!;
    expect(lcp.category).toEqual(
      expect.arrayContaining([expect.objectContaining({ '@_domain': 'category', '@_nicename': 'performance' })]),
    );
    expect(lcp['content:encoded']).toContain('<h2 id="');
  });

  it('is read by the WordPress importer', () => {
    const bundle = readWordPress(readFileSync(path.join(out, 'wordpress.xml'), 'utf8'));
    expect(
      bundle.posts
        .filter((post) => post.kind === 'post')
        .map((post) => post.slug)
        .sort(),
    ).toEqual(posts.map((post) => post.slug).sort());
    expect(bundle.categories.length).toBe(report.counts.categories);
  });

  it('writes members and subscribers as Ghost imports them, with no secret', () => {
    const read = (name: string) =>
      parseCsv(readFileSync(path.join(out, name), 'utf8'), { columns: true }) as Record<string, string>[];
    for (const name of ['members.csv', 'subscribers.csv']) {
      const [header] = readFileSync(path.join(out, name), 'utf8').split('\n');
      expect(header!.split(',')).toEqual([...PEOPLE_COLUMNS]);
      expect(
        header!.split(',').filter((column) => /password|hash|token|session|code|^ip$|ip_?address/i.test(column)),
      ).toEqual([]);
      expect(readFileSync(path.join(out, name), 'utf8')).not.toMatch(/argon2|code-hash-secret|sessionEpoch/);
    }
    const people = read('members.csv');
    expect(people).toEqual([
      expect.objectContaining({
        email: 'ada@example.com',
        name: 'Ada',
        subscribed_to_emails: 'true',
        complimentary_plan: 'true',
        labels: 'Gold',
      }),
      expect.objectContaining({
        email: 'bob@example.com',
        name: "'=Bob",
        subscribed_to_emails: 'false',
        labels: 'blocked',
      }),
    ]);
    expect(read('subscribers.csv')).toEqual([
      expect.objectContaining({
        email: 'ada@example.com',
        subscribed_to_emails: 'true',
        labels: 'newsletter, confirmed',
      }),
      expect.objectContaining({
        email: 'carol@example.com',
        subscribed_to_emails: 'false',
        labels: 'newsletter, pending, language:es',
      }),
    ]);
    expect(report.counts).toMatchObject({ members: 2, subscribers: 2 });
  });

  it('reads members through a client that declares only its own collections (as the CLI opens one)', async () => {
    const narrow = createDataClient({ backend, collections: [subscribers] });
    const second = await exportSite({
      folder: new ContentFolder(contentDir),
      out: path.join(work, 'out2'),
      records: narrow,
      siteUrl: 'https://blog.example.com',
    });
    expect(second.counts).toMatchObject({ members: 2, subscribers: 2 });
    expect(readFileSync(path.join(work, 'out2', 'members.csv'), 'utf8')).toBe(
      readFileSync(path.join(out, 'members.csv'), 'utf8'),
    );
  });

  it('says what each file is in README.md', () => {
    const readme = readFileSync(path.join(out, 'README.md'), 'utf8');
    for (const name of ['posts/<slug>.md', 'media/', 'wordpress.xml', 'members.csv', 'subscribers.csv'])
      expect(readme).toContain(name);
    expect(existsSync(path.join(CONTENT, 'posts', `${posts[0]!.id}.json`))).toBe(true);
  });
});
