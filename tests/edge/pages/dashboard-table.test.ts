import { describe, expect, it } from 'vitest';
import { makePost, makePosts } from '../../helpers/posts';
import { withSite } from '../../helpers/site';

// The metrics table reads through the cached client; its rows must equal what the JSON API answers for
// the request it hands to the live-refresh island.

const posts = makePosts(120);
withSite({}, { content: [...posts, makePost(500, { status: 'UNPUBLISHED' })], database: true });
const table = await import('@/lib/edge/pages/dashboard-table');
const rows = await import('@/lib/edge/dashboard/rows');
const listRoute = await import('@/app/api/posts/route');
const queryRoute = await import('@/app/api/posts/query/route');

async function answer(request: import('@/lib/edge/pages/dashboard-table').ApiRequest | null) {
  expect(request).not.toBeNull();
  const api = request!;
  const url = `http://localhost${api.url}`;
  const response =
    api.method === 'GET'
      ? await listRoute.GET(new Request(url), undefined)
      : await queryRoute.POST(new Request(url, { method: 'POST', body: JSON.stringify(api.body) }), undefined);
  expect(response.status).toBe(200);
  return rows.PostsAnswer.parse(await response.json());
}

describe('metrics table', () => {
  it('pages the published posts by views, 50 at a time, and matches the JSON API', async () => {
    const first = await table.loadPostTable({ sort: 'views', page: 1 });
    expect(first.paging).toEqual({ kind: 'offset', page: 1, pageCount: 3, total: 120 });
    expect(first.rows).toHaveLength(50);
    const views = first.rows.map((r) => r.views);
    expect(views).toEqual([...views].sort((a, b) => b - a));
    expect(await answer(first.api)).toEqual(first.rows);

    const last = await table.loadPostTable({ sort: 'views', page: 3 });
    expect(last.rows).toHaveLength(20);
    expect(await answer(last.api)).toEqual(last.rows);
  });

  it('sorts by comments through a cursor query, also matching the JSON API', async () => {
    const first = await table.loadPostTable({ sort: 'comments', page: 1 });
    expect(first.paging).toMatchObject({ kind: 'cursor', prev: null });
    const comments = first.rows.map((r) => r.comments);
    expect(comments).toEqual([...comments].sort((a, b) => b - a));
    expect(await answer(first.api)).toEqual(first.rows);

    const next = await table.loadPostTable({
      sort: 'comments',
      page: 1,
      cursor: (first.paging as { next: string }).next,
    });
    expect(next.rows[0]!.id).not.toBe(first.rows[0]!.id);
    expect(await answer(next.api)).toEqual(next.rows);
  });

  it('starts again on a broken cursor and answers an empty page past the end', async () => {
    const broken = await table.loadPostTable({ sort: 'comments', page: 1, cursor: 'not-a-cursor' });
    expect(broken.rows).toHaveLength(50);
    const past = await table.loadPostTable({ sort: 'title', page: 99 });
    expect(past.rows).toEqual([]);
  });
});
