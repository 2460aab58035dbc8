import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { categories, draftPosts, posts, tags } from '@wix/blog';
import { files } from '@wix/media';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRedirects } from '@/lib/core/redirects';
import { siteClient } from '@/lib/wix/sdk-clients';
import { transportFor } from '@/lib/wix/transport';
import { main } from '@/scripts/blog/cli';
import { readWordPress } from '@/lib/transfer/sources/wordpress';
import { termSlug } from '@/lib/transfer/wix-terms';
import { type StandIn, startWixStandIn } from '@/scripts/wix/stand-in';

// `npm run blog -- import FILE` on a Wix site (WIX_API_KEY and WIX_SITE_ID set): WordPress's theme unit test data
// imported into the Wix stand-in (scripts/wix/stand-in.ts, on loopback, a bare site: no posts, terms or files) through
// the SDK's own requests, rerouted there by WIX_API_BASE_URL as the site's are. What the stand-in then serves (its
// drafts, its Blog's posts, categories and tags, its Media Manager) is what the import made; the old addresses'
// redirects are in the content folder. A dry run writes nothing, a second run creates nothing.

const FIXTURE = 'tests/fixtures/import/wordpress/themeunittestdata.wordpress.xml';
const API_KEY = 'IST.import-wix-key';
const SITE_ID = 'site-import-1';
/** The site's owner (a Wix user, hence a user member) and another member, the writer the import is told of. */
const OWNER = { id: '0f6b9a8e-6c39-4d8e-9a52-7a3c1f1b0001', profile: { nickname: 'Owner' }, userId: 'user-owner-1' };
const WRITER = { id: '0f6b9a8e-6c39-4d8e-9a52-7a3c1f1b0002', profile: { nickname: 'Wren' } };

const bundle = readWordPress(readFileSync(FIXTURE, 'utf8'));
const published = bundle.posts.filter((p) => p.status === 'published').length;
const scheduled = bundle.posts.filter((p) => p.status === 'scheduled').length;
const termCount = (list: typeof bundle.tags) => new Set(list.map(termSlug)).size;
/**
 * The tags Wix keeps: one a label ("A blog can't have two tags with the same label": createTag answers the label's
 * tag). The fixture has two labelled "content περιεχόμενο" (slugs `content` and `content-2`).
 */
const tagLabels = new Set(bundle.tags.map((t) => t.label.trim())).size;

/** A bare Wix site's Blog, as the stand-in reads it: no posts, categories or tags. */
function bareSite() {
  const dir = mkdtempSync(path.join(tmpdir(), 'import-wix-site-'));
  mkdirSync(path.join(dir, 'posts'));
  writeFileSync(path.join(dir, 'categories.json'), '[]');
  writeFileSync(path.join(dir, 'tags.json'), '[]');
  return dir;
}

let wix: StandIn;
const contentDir = mkdtempSync(path.join(tmpdir(), 'import-wix-content-'));
const env = (at: StandIn) => ({
  WIX_API_KEY: API_KEY,
  WIX_SITE_ID: SITE_ID,
  WIX_API_BASE_URL: at.url,
  BLOG_CONTENT_DIR: contentDir,
  SITE_URL: 'https://blog.example',
});

beforeAll(async () => {
  wix = await startWixStandIn(bareSite(), { apiKey: API_KEY, members: [OWNER, WRITER] });
});
afterAll(() => wix.close());

async function blog(argv: string[], at = wix) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { env: env(at), out: (l) => out.push(l), err: (l) => err.push(l), fetch });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** The stand-in's state, read as any SDK client of the site reads it. */
const site = (at = wix) =>
  siteClient(
    { categories, tags, draftPosts, posts, files },
    transportFor({ apiBaseUrl: at.url, retries: 0 }),
    API_KEY,
    SITE_ID,
  );

async function allDrafts() {
  const out: draftPosts.DraftPost[] = [];
  let cursor: string | undefined;
  do {
    const answer = await site().draftPosts.queryDraftPosts({ cursorPaging: { limit: 100, ...(cursor && { cursor }) } });
    out.push(...(answer.draftPosts ?? []));
    cursor = answer.pagingMetadata?.cursors?.next ?? undefined;
  } while (cursor);
  return out;
}

async function held() {
  const client = site();
  const [drafts, listed, cats, tagList] = await Promise.all([
    allDrafts(),
    client.posts.listPosts({ paging: { limit: 1 } }),
    client.categories.listCategories({ paging: { limit: 100 } }),
    client.tags.queryTags().limit(100).find(),
  ]);
  return { drafts, posts: listed.metaData?.total ?? 0, categories: cats.categories ?? [], tags: tagList.totalCount };
}

/** The write calls the stand-in answered, by method and path, and how many of each. */
const writeCounts = () =>
  [...wix.seen].filter(
    ([key]) => /^(PATCH|PUT|DELETE) /.test(key) || /^POST .*\/(create|categories|tags|generate-upload-url)$/.test(key),
  );
const writes = () => writeCounts().map(([key]) => key);
const CREATE_POSTS = 'POST /blog/v3/bulk/draft-posts/create';

describe('the import into a Wix site (the stand-in)', () => {
  it('--dry-run reads the site and writes nothing; without --member, the site’s owner is the writer', async () => {
    const run = await blog(['import', FIXTURE, '--dry-run']);
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/^Dry run: nothing was written\. Import from wordpress:/);
    expect(run.out).toMatch(/post: 58 would be created/);
    expect(run.out).toMatch(/page: 21 would be created/);
    expect(run.out).toContain(`every post is written by member ${OWNER.id}`);
    expect(writes()).toEqual([]);
    expect(await held()).toMatchObject({ drafts: [], posts: 0, categories: [], tags: 0 });
    expect(existsSync(path.join(contentDir, 'redirects.json'))).toBe(false);
  });

  it('an unknown --member is refused before anything is written', async () => {
    const run = await blog(['import', FIXTURE, '--member', 'no-such-member']);
    expect(run.code).toBe(2);
    expect(run.err).toContain('member no-such-member: the Wix site has no member with that id');
    expect(writes()).toEqual([]);
  });

  it('imports every post and page as a post by --member, published or not as the export has them', async () => {
    const run = await blog(['import', FIXTURE, '--member', WRITER.id]);
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/post: 58 created/);
    expect(run.out).toMatch(/page: 21 created/);
    expect(run.out).toMatch(new RegExp(`category: ${termCount(bundle.categories)} created`));
    // The two tags of one label are one tag at Wix: the second is found by its label, made by the first.
    expect(run.out).toMatch(new RegExp(`tag: ${tagLabels} created, 1 unchanged`));
    expect(run.out).toMatch(/comment: 29 skipped/);
    expect(run.out).toMatch(/redirect: \d+ created/);
    expect(run.out).not.toContain('Wix did not create');

    // 20 posts a bulk call; the scheduled post scheduled after its creation.
    expect(Object.fromEntries(writeCounts().filter(([key]) => !key.startsWith('PATCH ')))).toEqual({
      [CREATE_POSTS]: Math.ceil(published / 20) + Math.ceil((79 - published) / 20),
      'POST /blog/v3/categories': termCount(bundle.categories),
      'POST /v3/tags': tagLabels,
    });
    expect(writes().filter((key) => key.startsWith('PATCH /blog/v3/draft-posts/'))).toHaveLength(scheduled);
    const now = await held();
    expect(now.drafts).toHaveLength(58 + 21);
    expect(new Set(now.drafts.map((d) => d.memberId))).toEqual(new Set([WRITER.id]));
    const byStatus = (status: string) => now.drafts.filter((d) => d.status === status);
    expect(byStatus('PUBLISHED')).toHaveLength(published);
    expect(byStatus('SCHEDULED')).toHaveLength(scheduled);
    expect(byStatus('UNPUBLISHED').map((d) => d.title)).toEqual(
      expect.arrayContaining(['Draft', expect.stringMatching(/^Template: Password Protected/)]),
    );
    expect(published + scheduled + byStatus('UNPUBLISHED').length).toBe(79);
    // The published ones are the Blog's posts; the drafts are not.
    expect(now.posts).toBe(published);
    const slugs = new Set((await site().posts.queryPosts().limit(100).find()).items.map((p) => p.slug));
    for (const draft of byStatus('PUBLISHED')) expect(slugs).toContain(draft.seoSlug);
    for (const draft of byStatus('UNPUBLISHED')) expect(slugs).not.toContain(draft.seoSlug);
    expect(now.categories).toHaveLength(termCount(bundle.categories));
    expect(now.tags).toBe(tagLabels);
    // A post's terms are the site's.
    const sticky = now.drafts.find((d) => d.title === 'Template: Sticky')!;
    const ids = new Set(now.categories.map((c) => c._id));
    expect(sticky.categoryIds!.length).toBeGreaterThan(0);
    for (const id of sticky.categoryIds!) expect(ids).toContain(id);
    expect(now.categories.some((c) => (c.postCount ?? 0) > 0)).toBe(true);
    // The old addresses, in the content folder's table the site serves.
    const table = readRedirects(contentDir);
    expect(table.length).toBeGreaterThan(0);
    expect(table.every((r) => r.source?.startsWith('wordpress:'))).toBe(true);
    expect(table.some((r) => r.to === `/post/${sticky.seoSlug}`)).toBe(true);
  });

  it('run again: finds what it made, and creates or changes nothing', async () => {
    const before = await held();
    const written = Object.fromEntries(writeCounts());
    const redirects = readFileSync(path.join(contentDir, 'redirects.json'), 'utf8');
    const run = await blog(['import', FIXTURE, '--member', WRITER.id]);
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/post: 58 unchanged/);
    expect(run.out).toMatch(/page: 21 unchanged/);
    // Nothing made again: the second tag of a label (slugs `content`, `content-2`) is found by its label, as Wix keeps
    // one tag per label (wix-terms.ts).
    expect(run.out).not.toMatch(/\d+ (created|updated)/);
    expect(Object.fromEntries(writeCounts())).toEqual(written);
    const after = await held();
    expect(after.drafts).toHaveLength(before.drafts.length);
    expect(after.categories).toHaveLength(before.categories.length);
    expect(after.tags).toBe(before.tags);
    expect(readFileSync(path.join(contentDir, 'redirects.json'), 'utf8')).toBe(redirects);
  });
});

describe("an export's media, into the site's Media Manager", () => {
  let media: StandIn;
  beforeAll(async () => {
    media = await startWixStandIn(bareSite(), { apiKey: API_KEY, members: [OWNER, WRITER] });
  });
  afterAll(() => media.close());

  it('uploads the files the export carries once, and the posts name them by their Wix ids', async () => {
    // WordPress's classic fixture with its uploads beside it: one image, which its post shows.
    const dir = mkdtempSync(path.join(tmpdir(), 'import-wix-media-'));
    const xml = path.join(dir, 'classic.wxr.xml');
    writeFileSync(xml, readFileSync('tests/fixtures/import/wordpress/classic.wxr.xml'));
    mkdirSync(path.join(dir, 'wp-content/uploads/2019/05'), { recursive: true });
    const jpeg = await sharp({ create: { width: 8, height: 6, channels: 3, background: 'orange' } })
      .jpeg()
      .toBuffer();
    writeFileSync(path.join(dir, 'wp-content/uploads/2019/05/sunset red.jpg'), jpeg);

    const first = await blog(['import', xml, '--member', WRITER.id], media);
    expect(first.err).toBe('');
    expect(first.out).toMatch(/media: 1 created/);
    expect(first.out).not.toContain('Wix did not create');
    const { files: stored } = await site(media).files.searchFiles({ search: 'sunset' });
    expect(stored).toHaveLength(1);
    expect(stored![0]).toMatchObject({ displayName: expect.stringMatching(/^sunset-red-[0-9a-f]{10}\.jpg$/) });
    expect(stored![0]!.sizeInBytes).toBe(String(jpeg.length));
    const id = stored![0]!._id!;
    // The classic post's cover (its featured image), as the SDK reads a Wix image: `wix:image://v1/<id>/…`.
    const { draftPosts: made } = await site(media).draftPosts.queryDraftPosts({ cursorPaging: { limit: 100 } });
    const hello = made!.find((d) => d.title === 'Hello, classic editor')!;
    expect(hello.media?.wixMedia?.image).toContain(`wix:image://v1/${id}/`);

    const again = await blog(['import', xml, '--member', WRITER.id], media);
    expect(again.out).toMatch(/media: 1 unchanged/);
    expect(again.out).not.toMatch(/\d+ (created|updated)/);
    expect((await site(media).files.searchFiles({ search: 'sunset' })).files).toHaveLength(1);

    // The post changed on the old site: updated and published again (UPDATE_PUBLISH), the Blog showing the change.
    const renamed = readFileSync(xml, 'utf8').replace('[CDATA[Hello, classic editor]]', '[CDATA[Hello again]]');
    writeFileSync(xml, renamed);
    const third = await blog(['import', xml, '--member', WRITER.id], media);
    expect(third.out).toMatch(/post: 1 updated, \d+ unchanged/);
    expect((await site(media).posts.getPostBySlug(hello.seoSlug!)).post).toMatchObject({ title: 'Hello again' });
  });
});

describe('the writer', () => {
  it('two Wix users among the members: the import cannot tell the owner, and asks for --member', async () => {
    const shared = await startWixStandIn(bareSite(), {
      apiKey: API_KEY,
      members: [OWNER, { ...WRITER, userId: 'user-collaborator-2' }],
    });
    try {
      const run = await blog(['import', FIXTURE, '--dry-run'], shared);
      expect(run.code).toBe(2);
      expect(run.err).toContain(`${OWNER.id} (Owner), ${WRITER.id} (Wren)`);
      expect(run.err).toContain('pass --member ID');
    } finally {
      await shared.close();
    }
  });

  it("the stand-in's bulk create makes no post without a member of the site as its writer", async () => {
    const { results, bulkActionMetadata } = await site().draftPosts.bulkCreateDraftPosts(
      [
        { title: 'No writer' },
        { title: 'Not a member', memberId: 'someone' },
        { title: 'Wren’s', memberId: WRITER.id },
      ],
      { returnFullEntity: true },
    );
    expect(results!.map((r) => [r.itemMetadata?.originalIndex, r.itemMetadata?.success])).toEqual([
      [0, false],
      [1, false],
      [2, true],
    ]);
    expect(results![0]!.itemMetadata!.error!.description).toMatch(/memberId is required/);
    expect(results![2]!.item).toMatchObject({ title: 'Wren’s', status: 'UNPUBLISHED', memberId: WRITER.id });
    expect(bulkActionMetadata).toMatchObject({ totalSuccesses: 1, totalFailures: 2 });
  });
});

it('a Wix site without its API key is refused, naming what to set', async () => {
  const out: string[] = [];
  const code = await main(['import', FIXTURE], {
    env: { WIX_CLIENT_ID: 'client-1', BLOG_CONTENT_DIR: contentDir },
    out: (l) => out.push(l),
    err: (l) => out.push(l),
    fetch,
  });
  expect(code).toBe(2);
  expect(out.join('\n')).toMatch(/set WIX_API_KEY .* and WIX_SITE_ID/);
});
