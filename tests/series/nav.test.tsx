import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SeriesNav } from '@/components/post/series-nav';
import type { PostSeriesView } from '@/lib/edge/pages/post';

// The series box on a post page: a named navigation landmark, the parts as an ordered list of plain links (no
// script needed), and the post being read marked current instead of linked.

const series: PostSeriesView = {
  id: 'speed',
  title: 'Speed & <caches>',
  part: 2,
  parts: [
    { id: 'a', title: 'Measure first', slug: 'measure-first', current: false },
    { id: 'b', title: 'Cache tags', slug: 'cache-tags', current: true },
    { id: 'c', title: 'Ünïcode slugs', slug: 'ünïcode', current: false },
  ],
};

describe('SeriesNav', () => {
  const html = renderToStaticMarkup(<SeriesNav series={series} />);
  const text = html.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, '');

  it('is a navigation named after the series, saying which part of how many this is', () => {
    expect(html).toMatch(/^<nav class="series-nav" aria-label="Series: Speed &amp; &lt;caches&gt;">/);
    expect(text).toContain('Part 2 of 3 — Speed &amp; &lt;caches&gt;');
  });

  it('lists the parts in order, linking every one but the current', () => {
    const items = [...html.matchAll(/<li>(.*?)<\/li>/g)].map((m) => m[1]);
    expect(items).toEqual([
      '<a href="/post/measure-first">Measure first</a>',
      '<span aria-current="page">Cache tags</span>',
      '<a href="/post/%C3%BCn%C3%AFcode">Ünïcode slugs</a>',
    ]);
    expect(html).toContain('<ol class="series-nav__parts">');
    expect(html).not.toContain('<script');
  });
});
