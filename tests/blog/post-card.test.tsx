import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PostCard } from '@/components/post/post-card';
import { PostList } from '@/components/post/post-list';
import { makePost } from '../helpers/posts';

// A post's card (issue 47). One without a cover is a text card, not a picture card with the picture missing: no image
// box, the post's first category or tag as a small label, the title, the excerpt, and the writer and date at its foot.
// A card with a cover keeps its picture first.

const cover = {
  id: 'cover~mv2.jpg',
  url: 'https://static.wixstatic.com/media/cover~mv2.jpg',
  width: 1200,
  height: 630,
};
const render = (...args: Parameters<typeof PostCard>) => renderToStaticMarkup(PostCard(...args));
/** The card's parts in the order a reader meets them. */
const parts = (html: string) =>
  [...html.matchAll(/<(img|p|h2) (?:[^>]*?)class="([^"]*)"/g)].map(([, tag, name]) =>
    tag === 'img' ? 'image' : name!.replace('post-card__', ''),
  );

describe('a card without a cover', () => {
  const post = makePost(3, { excerpt: 'What the post is about.', memberId: 'm1', pinned: false, featured: false });

  it('is a text card: no image, its label, title, excerpt, then the writer, date and reading time', () => {
    const html = render({ post, details: { label: 'Performance', writer: 'Ada Writer' } });
    expect(html).toMatch(/^<article class="post-card post-card--text">/);
    expect(html).not.toContain('<img');
    expect(parts(html)).toEqual(['label', 'title', 'excerpt', 'meta']);
    expect(html).toContain('<p class="post-card__label">Performance</p>');
    expect(html).toContain('<p class="post-card__excerpt">What the post is about.</p>');
    expect(html).toMatch(
      /<p class="post-card__meta"><span class="post-card__writer">By Ada Writer<\/span><span aria-hidden="true"> · <\/span><time dateTime="2025-01-04T12:00:00.000Z">January 4, 2025<\/time><span aria-hidden="true"> · <\/span><span>4 min read<\/span><\/p>/,
    );
  });

  it('without a label or a writer says what it has', () => {
    const html = render({ post });
    expect(parts(html)).toEqual(['title', 'excerpt', 'meta']);
    expect(html).not.toContain('post-card__writer');
  });

  it('in Spanish, in Spanish', () => {
    const html = render({ post: { ...post, language: 'es' }, details: { writer: 'Ada' } });
    expect(html).toContain('<span class="post-card__writer">Por Ada</span>');
    expect(html).toContain('min de lectura');
  });
});

describe('a card with a cover', () => {
  it('shows its picture first, then the date, the title and the excerpt', () => {
    const html = render({ post: makePost(4, { heroImage: cover }), details: { label: 'Caching' } });
    expect(html).toMatch(/^<article class="post-card"><img class="post-card__image" /);
    expect(parts(html)).toEqual(['image', 'label', 'meta', 'title', 'excerpt']);
  });
});

describe('PostList', () => {
  it('gives each card what the page says of its post, in place of the excerpt where it says so', () => {
    const posts = [makePost(1), makePost(2)];
    const html = renderToStaticMarkup(
      <PostList posts={posts} details={new Map([['post-0002', { summary: <b>Found here</b>, label: 'Tag' }]])} />,
    );
    expect(html).toContain('<p class="post-card__excerpt">Excerpt 1</p>');
    expect(html).toContain('<p class="post-card__excerpt"><b>Found here</b></p>');
    expect(html).not.toContain('Excerpt 2');
    expect(html.match(/post-card__label/g)).toHaveLength(1);
  });
});
