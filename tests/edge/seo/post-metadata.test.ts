import { describe, expect, it } from 'vitest';
import { documentTitle, postTitle } from '@/lib/edge/seo/post-metadata';
import { makePost } from '../../helpers/posts';

const withSeoTitle = (title: string) =>
  makePost(1, {
    title: 'The post',
    seoData: { tags: [{ type: 'title', children: title, custom: true, disabled: false }] },
  });

describe('document titles', () => {
  it('use one separator and the site name once, whatever the author typed', () => {
    for (const typed of [
      'What LCP measures | The Render Path',
      'What LCP measures - The Render Path',
      'What LCP measures — the render path',
      'What LCP measures',
    ]) {
      expect(documentTitle(withSeoTitle(typed)), typed).toBe('What LCP measures · The Render Path');
    }
  });

  it('fall back to the post title', () => {
    expect(documentTitle(makePost(2, { title: 'Plain' }))).toBe('Plain · The Render Path');
    expect(postTitle(withSeoTitle('Headline | The Render Path'))).toBe('Headline');
  });

  it('keep a separator that is part of the title itself', () => {
    expect(documentTitle(withSeoTitle('Caching: the basics'))).toBe('Caching: the basics · The Render Path');
  });
});
