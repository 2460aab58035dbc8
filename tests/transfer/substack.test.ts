import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readSubstack } from '@/lib/transfer/sources/substack';

// The Substack reader (lib/transfer/sources/substack.ts) on an export laid out as Substack writes it
// (tests/fixtures/import/substack/README.md), zipped here with fflate so that the fixture stays readable text.

const EXPORT = path.join(import.meta.dirname, '../fixtures/import/substack/export');

/** The folder's files as a zip, by their paths inside it (under `prefix`). */
function zipOf(dir: string, prefix = ''): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) {
      const file = path.join(entry.parentPath, entry.name);
      files[prefix + path.relative(dir, file).split(path.sep).join('/')] = new Uint8Array(readFileSync(file));
    }
  return zipSync(files);
}

describe('a Substack export', () => {
  const bundle = readSubstack(zipOf(EXPORT));
  const post = (slug: string) => bundle.posts.find((found) => found.slug === slug)!;

  it('reads every row of posts.csv but the thread, with its HTML body', () => {
    expect(bundle.source).toBe('substack');
    expect(bundle.posts.map((found) => found.sourceId)).toEqual([
      '141001.first-light',
      '141002.the-long-ridge',
      '141003.founders-route',
      '141004.trail-talk',
      '141006.next-season',
      '141007.about',
      '141008.notes-for-subscribers',
      '141009.lost-body',
    ]);
    expect(bundle.warnings).toEqual([
      { item: '141005.ask-me-anything', message: 'a discussion thread, not a post: skipped' },
      {
        item: '141008.notes-for-subscribers',
        message: 'subscribers-only post read as public (the site has no such posts)',
      },
      {
        item: '141009.lost-body',
        message: 'its body (posts/141009.lost-body.html) is not in the export: read as empty',
      },
      { item: 'email_list.fieldnotes.csv row 7', message: 'a second row for Reader@Example.com skipped' },
      { item: 'email_list.fieldnotes.csv row 8', message: 'not-an-address: skipped' },
    ]);
    const body = post('first-light').body;
    expect(body.format === 'html' && body.html).toContain('<strong>Headlamps off</strong> by six');
    expect(post('lost-body').body).toEqual({ format: 'html', html: '' });
  });

  it('maps slug, subtitle, dates, status, audience and the /p/ address', () => {
    expect(post('first-light')).toEqual({
      sourceId: '141001.first-light',
      kind: 'post',
      title: 'First light',
      slug: 'first-light',
      body: expect.objectContaining({ format: 'html' }),
      // The subtitle's HTML entities are read as the characters they name.
      excerpt: '“Up before the sun”',
      status: 'published',
      publishedDate: '2024-03-01T08:00:00.000Z',
      categoryIds: [],
      tagIds: [],
      paid: false,
      oldPaths: ['/p/first-light'],
    });
    expect(post('the-long-ridge')).toMatchObject({ paid: true, excerpt: 'For paying readers, with maps' });
    expect(post('founders-route')).toMatchObject({ paid: true, title: "Founders' route" });
    expect(post('founders-route').excerpt).toBeUndefined();
    expect(post('next-season')).toMatchObject({ status: 'draft', oldPaths: [] });
    expect(post('next-season').publishedDate).toBeUndefined();
    expect(post('about').kind).toBe('page');
    expect(post('notes-for-subscribers').paid).toBe(false);
  });

  it("puts a podcast's audio before its body, and lists the images the posts link", () => {
    const body = post('trail-talk').body;
    expect(body.format === 'html' && body.html).toMatch(
      /^<audio src="https:\/\/api\.substack\.com\/feed\/podcast\/141004\/6f1c0e2b\.mp3" controls><\/audio><p>In the first/,
    );
    expect(bundle.media).toEqual([
      {
        url: 'https://substackcdn.com/image/fetch/w_1456,c_limit,f_auto,q_auto:good,fl_progressive:steep/https%3A%2F%2Fsubstack-post-media.s3.amazonaws.com%2Fpublic%2Fimages%2F5b1e0c52-8a3e-4a5e-9f1e-2d0c8f1b7a10_1600x1067.jpeg',
        fileName: '5b1e0c52-8a3e-4a5e-9f1e-2d0c8f1b7a10_1600x1067.jpeg',
        alt: 'The ridge at first light',
        caption: 'The ridge, 6:12 a.m.',
      },
      { url: 'https://api.substack.com/feed/podcast/141004/6f1c0e2b.mp3', fileName: '6f1c0e2b.mp3' },
    ]);
  });

  it('reads the e-mail list: subscribed unless e-mail is disabled, paid by plan or active subscription', () => {
    expect(bundle.siteUrl).toBe('https://fieldnotes.substack.com');
    expect(bundle.people).toEqual([
      { email: 'reader@example.com', subscribed: true, paid: false, createdDate: '2023-11-02T18:24:42.000Z' },
      { email: 'patron@example.com', subscribed: true, paid: true, createdDate: '2023-12-01T09:00:00.000Z' },
      { email: 'friend@example.com', subscribed: true, paid: true, createdDate: '2024-01-05T11:00:00.000Z' },
      { email: 'gone@example.com', subscribed: false, paid: false, createdDate: '2024-02-11T07:30:00.000Z' },
      { email: 'founder@example.com', subscribed: true, paid: true, createdDate: '2024-04-01T08:02:00.000Z' },
    ]);
  });

  it('finds the export inside one folder of the zip, and refuses a zip without posts.csv', () => {
    const wrapped = readSubstack(zipOf(EXPORT, 'fieldnotes-export/'));
    expect(wrapped.posts).toHaveLength(8);
    expect(wrapped.people).toHaveLength(5);
    expect(() => readSubstack(zipSync({ 'notes.txt': strToU8('hello') }))).toThrow('Not a Substack export');
  });

  it('reads a comp subscriber without an active subscription as free', () => {
    const list =
      'email,active_subscription,expiry,plan,email_disabled,created_at,first_payment_at\nc@example.com,false,,comp,false,,\n';
    const zip = zipSync({
      'posts.csv': strToU8('post_id,post_date,is_published\n'),
      'email_list.x.csv': strToU8(list),
    });
    expect(readSubstack(zip).people).toEqual([{ email: 'c@example.com', subscribed: true, paid: false }]);
  });
});
