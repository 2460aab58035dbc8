import { describe, expect, test, vi } from 'vitest';
import { plainText, wordCount } from '@/components/rich-content/plain-text';
import { SAMPLE_NAMES, fixture, render, tags, visibleText } from './helpers';

const squash = (s: string) => s.replace(/[\s\u200b]+/g, ' ').trim();

describe.each(SAMPLE_NAMES)('sample document %s', (name) => {
  const doc = fixture(name);

  test('renders without throwing, warnings or unknown nodes', () => {
    const warn = vi.spyOn(console, 'warn');
    const html = render(doc);
    expect(html.length).toBeGreaterThan(1000);
    expect(html).not.toContain('rc-unknown');
    expect(warn).not.toHaveBeenCalled();
  });

  test('contains every line of its text', () => {
    const shown = squash(visibleText(render(doc)));
    const lines = plainText(doc).split('\n');
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(shown).toContain(squash(line));
  });

  test('has no live script and only sandboxed third-party frames', () => {
    const html = render(doc);
    expect(html).not.toMatch(/<script/i);
    for (const frame of tags(html, 'iframe')) expect(frame).toHaveProperty('sandbox');
  });

  test('loads only its first image eagerly', () => {
    const images = tags(render(doc).replace(/^<link [^>]*>/, ''), 'img');
    expect(images.length).toBeGreaterThan(0);
    expect(images[0]).toMatchObject({ fetchpriority: 'high' });
    expect(images[0]).not.toHaveProperty('loading');
    for (const img of images.slice(1)) expect(img).toMatchObject({ loading: 'lazy', decoding: 'async' });
    for (const img of images) expect(img).toHaveProperty('alt');
  });
});

describe('sample content', () => {
  test('plain-text-content keeps its decorations, lists and media', () => {
    const html = render(fixture('plain-text-content'));
    expect(html).toContain('<strong>Lorem ipsum dolor sit amet</strong>');
    expect(html).toContain(
      '<a class="rc-link" href="https://www.google.com" target="_blank" rel="noopener noreferrer"><u class="rc-underline">ut</u></a>',
    );
    expect(html).toContain('<span class="rc-spoiler" tabindex="0">Lorem ipsum</span>');
    expect(html).toContain('<a class="rc-link rc-anchor-link" href="#98ccj">');
    expect(html).toMatch(/<figure id="98ccj"[^>]*rc-gif/);
    expect(html).toContain('https://www.youtube-nocookie.com/embed/CoJ23XNHgG0');
    expect(html).toContain(
      'src="https://video.wixstatic.com/video/d3dd72_9397c7bfa03f4fa8920b16bdd667f73b/1080p/mp4/file.mp4"',
    );
    expect(html.match(/<ol class="rc-list rc-ol">/g)).toHaveLength(5);
    expect(html).toContain('<code class="hljs">songs = pd.read_csv(SONGS_FILE)</code>');
  });

  test('storybook-example-app keeps its gallery, file, button and app embeds', () => {
    const html = render(fixture('storybook-example-app'));
    expect(html.match(/<li><figure class="rc-gallery-item">/g)).toHaveLength(3);
    expect(html).toContain('<span class="rc-file-name">music.mp3</span>');
    expect(html).toContain('rc-button rc-button-static');
    expect(html).toContain('<span class="rc-card-title">Yoga lesson</span>');
    expect(html).toContain(
      '<a class="rc-media-link" href="https://www.wix.com" target="_blank" rel="noopener noreferrer">',
    );
  });

  test('inner-rce-images keeps images inside tables and collapsible items', () => {
    const html = render(fixture('inner-rce-images'));
    expect(html).toMatch(/<td[^>]*>(?:(?!<\/td>).)*<img /);
    expect(html).toMatch(/<details class="rc-collapsible-item" open="">.*<div class="rc-collapsible-body">.*<img /);
  });

  test('word counts come from the same text', () => {
    expect(wordCount(fixture('plain-text-content'))).toBeGreaterThan(150);
    expect(wordCount(undefined)).toBe(0);
  });
});
