import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { makePost } from '../helpers/posts';
import { withSite } from '../helpers/site';

// The dashboard's table by rating (issue 31): best rated first (average as shown, then count, then newest), then the
// posts without a rating, newest first (undated last). The order comes from one grouped query over post-ratings;
// ratings of a post that is gone or unpublished rank there but never show. Walked by its cursors, next and previous,
// the table shows every published post once and the same pages both ways, across a tie of dates at a page edge.

// Dates one day apart (makePost); 37, 39 and 41 share one, and two posts have none.
const TIE = makePost(39).firstPublishedDate;
const published = [
  ...Array.from({ length: 120 }, (_, i) => makePost(i, [37, 39, 41].includes(i) ? { firstPublishedDate: TIE } : {})),
  makePost(600, { firstPublishedDate: undefined }),
  makePost(601, { firstPublishedDate: undefined }),
];
const unpublished = makePost(500, { status: 'UNPUBLISHED' });
withSite({}, { content: [...published, unpublished], database: true });
vi.setConfig({ testTimeout: 30_000 });

const { loadPostTable, TABLE_PAGE_SIZE } = await import('@/lib/edge/pages/dashboard-table');
const { siteRatings, rankedPosts } = await import('@/lib/ratings');
const { parseDashboardParams } = await import('@/lib/edge/dashboard/params');
const { MetricsTable } = await import('@/components/dashboard/metrics-table');

/** The even posts are rated: 1 to 3 members each, values in a pattern that leaves many equal averages and counts. */
const rated = published.filter((_, i) => i < 120 && i % 2 === 0);
const votes = (i: number) => Array.from({ length: 1 + ((i / 2) % 3) }, (_, m) => 1 + ((i / 2 + (m % 2)) % 5));
const round = (n: number) => Math.round(n * 10) / 10;

const byDate = (a: (typeof published)[number], b: (typeof published)[number]) => {
  const [x, y] = [a.firstPublishedDate, b.firstPublishedDate].map((d) => (d ? Date.parse(d) : -Infinity));
  return y! - x! || (a.id < b.id ? -1 : 1);
};
const summary = (id: string) => {
  const i = Number(id.slice(5));
  const given = votes(i);
  return { average: round(given.reduce((a, b) => a + b, 0) / given.length), count: given.length };
};
/** The order the table should show, worked out here from the ratings given. */
const expected = [
  ...[...rated].sort(
    (a, b) =>
      summary(b.id).average - summary(a.id).average || summary(b.id).count - summary(a.id).count || byDate(a, b),
  ),
  ...published.filter((post) => !rated.includes(post)).sort(byDate),
].map((post) => post.id);

beforeAll(async () => {
  const ratings = siteRatings();
  for (const post of rated) {
    const i = Number(post.id.slice(5));
    for (const [m, value] of votes(i).entries()) await ratings.rate(post.id, `member-${m}`, value);
  }
  // Rated, but gone (deleted) or unpublished: best of all, and never in the table.
  for (const m of [0, 1, 2]) {
    await ratings.rate('post-gone', `member-${m}`, 5);
    await ratings.rate(unpublished.id, `member-${m}`, 5);
  }
}, 60_000);

type Table = Awaited<ReturnType<typeof loadPostTable>>;
const cursorOf = (table: Table, way: 'next' | 'prev') => (table.paging.kind === 'cursor' ? table.paging[way] : null);
const ids = (table: Table) => table.rows.map((row) => row.id);

describe('the rating order', () => {
  it('ranks rated posts by average, then count, in one grouped query, at most the bound', async () => {
    const ranked = await rankedPosts();
    expect(ranked.slice(0, 2)).toEqual([
      { postId: 'post-0500', average: 5, count: 3 },
      { postId: 'post-gone', average: 5, count: 3 },
    ]);
    expect(ranked).toHaveLength(rated.length + 2);
    for (const [a, b] of ranked.slice(1).map((entry, i) => [ranked[i]!, entry] as const)) {
      expect(a.average > b.average || (a.average === b.average && a.count >= b.count)).toBe(true);
    }
    expect(await rankedPosts(5)).toEqual(ranked.slice(0, 5));
  });

  it('pages every published post once, best rated first, then the rest newest first', async () => {
    // What the walk crosses: equal averages and counts at the first page edge, equal dates at the second.
    const [edge1, edge2] = [TABLE_PAGE_SIZE, 2 * TABLE_PAGE_SIZE];
    expect(summary(expected[edge1 - 1]!)).toEqual(summary(expected[edge1]!));
    expect([expected[edge2 - 1], expected[edge2]]).toEqual(['post-0037', 'post-0039']);

    const pages: Table[] = [await loadPostTable({ sort: 'rating', page: 1 })];
    for (let next = cursorOf(pages[0]!, 'next'); next; next = cursorOf(pages.at(-1)!, 'next')) {
      // The cursor survives the URL (lib/edge/dashboard/params.ts).
      expect(parseDashboardParams({ sort: 'rating', cursor: next }).cursor).toBe(next);
      pages.push(await loadPostTable({ sort: 'rating', page: 1, cursor: next }));
      expect(pages.length).toBeLessThan(10);
    }
    expect(pages.map((page) => page.rows.length)).toEqual([50, 50, 22]);
    expect(pages.flatMap(ids)).toEqual(expected);
    expect(cursorOf(pages[0]!, 'prev')).toBeNull();
    // No JSON API request answers this order: the rows are not live-refreshed into another.
    expect(pages.map((page) => page.api)).toEqual([null, null, null]);

    // The figures are the post page's; unrated posts show none.
    const rows = pages.flatMap((page) => page.rows);
    for (const row of rows) {
      const isRated = rated.some((post) => post.id === row.id);
      const { average, count } = isRated ? summary(row.id) : { average: 0, count: 0 };
      expect([row.rating, row.ratings], row.id).toEqual([average, count]);
    }

    // Back again: the same pages.
    let page = pages.at(-1)!;
    for (let i = pages.length - 2; i >= 0; i--) {
      page = await loadPostTable({ sort: 'rating', page: 1, cursor: cursorOf(page, 'prev')! });
      expect(ids(page)).toEqual(ids(pages[i]!));
    }
    expect(cursorOf(page, 'prev')).toBeNull();
  });

  it('from any row, pages the 50 after it or the 50 before it (the first page with fewer)', async () => {
    // A cursor as the table writes it: the way, and the edge row's place (id, date, its rating if rated).
    const cursor = (d: 'next' | 'prev', id: string) => {
      const post = published.find((p) => p.id === id)!;
      const t = post.firstPublishedDate ? Date.parse(post.firstPublishedDate) : null;
      const { average, count } = summary(id);
      const r = rated.includes(post) ? [average, count] : undefined;
      return Buffer.from(JSON.stringify({ d, id, t, r })).toString('base64url');
    };
    const page = async (d: 'next' | 'prev', id: string) =>
      ids(await loadPostTable({ sort: 'rating', page: 1, cursor: cursor(d, id) }));
    const size = TABLE_PAGE_SIZE;
    // Rated and unrated rows, the edge between them, the tie of dates, the undated last two.
    for (const k of [0, 1, 49, 50, 58, 59, 60, 61, 99, 100, 101, 118, 119, 120, 121]) {
      const id = expected[k]!;
      const after = k === expected.length - 1 ? expected.slice(0, size) : expected.slice(k + 1, k + 1 + size);
      expect(await page('next', id), `after ${id} (${k})`).toEqual(after);
      const before = k > size ? expected.slice(k - size, k) : expected.slice(0, size);
      expect(await page('prev', id), `before ${id} (${k})`).toEqual(before);
    }
    // An edge row gone since (here: no such post) on the tied date: every post of that date shows, none is skipped.
    const gone = Buffer.from(JSON.stringify({ d: 'next', id: 'post-0040x', t: Date.parse(TIE!) })).toString(
      'base64url',
    );
    const next = ids(await loadPostTable({ sort: 'rating', page: 1, cursor: gone }));
    expect(next.slice(0, 4)).toEqual(['post-0037', 'post-0039', 'post-0041', 'post-0035']);
  });

  it('starts again on a broken cursor, and the header sorts by rating', async () => {
    const first = await loadPostTable({ sort: 'rating', page: 1 });
    for (const cursor of ['not-a-cursor', Buffer.from('{"d":"next"}').toString('base64url')]) {
      expect(ids(await loadPostTable({ sort: 'rating', page: 1, cursor }))).toEqual(ids(first));
    }

    const params = parseDashboardParams({ sort: 'rating' });
    const html = renderToStaticMarkup(createElement(MetricsTable, { table: first, params }));
    expect(html).toMatch(
      /<th scope="col" class="num" aria-sort="descending"><a href="\/dashboard\?sort=rating">Rating/,
    );
    const byViews = renderToStaticMarkup(
      createElement(MetricsTable, { table: first, params: parseDashboardParams({}) }),
    );
    expect(byViews).toMatch(/<th scope="col" class="num"><a href="\/dashboard\?sort=rating">Rating<\/a><\/th>/);
  });
});
