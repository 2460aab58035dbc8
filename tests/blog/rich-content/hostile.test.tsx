import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, test, vi } from 'vitest';
import { MAX_DEPTH } from '@/components/rich-content/document';
import { plainText } from '@/components/rich-content/plain-text';
import { tableOfContents } from '@/components/rich-content/toc';
import { Post } from '@/lib/blog/types';
import { blogPostingJsonLd, serializeJsonLd } from '@/lib/edge/seo/json-ld';
import { node, paragraph, render, renderNodes, tags, text, visibleText, type Node } from './helpers';

const BAD_URLS = [
  'javascript:alert(1)',
  ' JAVASCRIPT:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  '\u0001javascript:alert(1)',
  'javascript&colon;alert(1)',
  '&#106;avascript:alert(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'vbscript:msgbox(1)',
];

/** No attribute that a browser navigates to or loads may carry a script or data scheme. */
function expectNoDangerousUrls(html: string) {
  for (const name of ['a', 'img', 'iframe', 'video', 'audio', 'source']) {
    for (const attrs of tags(html, name)) {
      for (const key of ['href', 'src', 'poster', 'srcset']) {
        const value = (attrs[key] ?? '')
          .replace(/&#x?\w+;|&\w+;/g, '')
          .replace(/[\s\u0000-\u001f]/g, '')
          .toLowerCase();
        expect(value, `${name}[${key}]`).not.toMatch(/^(javascript|vbscript|data|java.*script):/);
        expect(value, `${name}[${key}]`).not.toContain('script:');
      }
    }
  }
}

const FIXTURE_POSTS = new URL('../../fixtures/content/posts/', import.meta.url);

/**
 * The hostile-content post (built by scripts/content/fixtures.ts), which the e2e build adds to its copy of content/.
 */
function hostilePost(): { slug: string; richContent: unknown } & Record<string, unknown> {
  for (const name of readdirSync(FIXTURE_POSTS)) {
    const raw = JSON.parse(readFileSync(new URL(name, FIXTURE_POSTS), 'utf8')) as {
      slug: string;
      richContent: unknown;
    };
    if (raw.slug === 'security-test-hostile-content') return raw;
  }
  throw new Error('no hostile-content post in tests/fixtures/content/posts');
}

describe('the hostile-content fixture post', () => {
  const post = hostilePost();
  const html = render(post.richContent);

  test('renders no script, no event handler and no dangerous URL', () => {
    expect(html).not.toMatch(/<script/i);
    for (const [, name] of html.matchAll(/<([a-z][\w-]*)[\s>/]/gi)) {
      for (const attrs of tags(html, name!))
        expect(
          Object.keys(attrs).filter((key) => key.startsWith('on')),
          name,
        ).toEqual([]);
    }
    expectNoDangerousUrls(html);
    expect(html).not.toMatch(/javascript:|vbscript:|data:text\/html/i);
  });

  test('keeps its markup-like text as text, and its HTML blocks in sandboxed frames', () => {
    expect(visibleText(html)).toContain(
      'Text that looks like markup and must appear literally: <script>window.__pwned = 1</script> <img src=x onerror="window.__pwned = 1">',
    );
    const frames = tags(html, 'iframe');
    expect(frames.length).toBeGreaterThanOrEqual(2);
    for (const frame of frames) expect(frame.sandbox).toBe('allow-scripts allow-popups');
    expect(plainText(post.richContent)).toContain('<script>window.__pwned = 1</script>');
  });

  test('cannot close the JSON-LD script element of its page', () => {
    const json = serializeJsonLd(blogPostingJsonLd(Post.parse(post), []));
    expect(json).not.toMatch(/<\/?script/i);
    expect((JSON.parse(json) as Array<{ headline?: string }>)[0]!.headline).toContain('</title><script>');
  });
});

describe('hostile links', () => {
  test.each(BAD_URLS)('a LINK decoration to %j renders plain text', (url) => {
    const html = renderNodes(
      paragraph(text('click me', [{ type: 'LINK', linkData: { link: { url, target: 'BLANK' } } }, { type: 'BOLD' }])),
    );
    expect(html).not.toContain('<a');
    expect(html).toContain('<strong>click me</strong>');
    expectNoDangerousUrls(html);
  });

  test.each(BAD_URLS)('a BUTTON linking to %j renders a static button', (url) => {
    const html = renderNodes(node('BUTTON', { buttonData: { text: 'Go', link: { url } } }));
    expect(html).not.toContain('<a');
    expect(html).toContain('<span class="rc-button rc-button-static"');
    expectNoDangerousUrls(html);
  });

  test.each(BAD_URLS)('an IMAGE linking to %j shows the image without the link', (url) => {
    const html = renderNodes(
      node('IMAGE', { imageData: { image: { src: { id: 'a~mv2.jpg' }, width: 10, height: 10 }, link: { url } } }),
    );
    expect(html).toContain('<img');
    expect(html).not.toContain('<a');
    expectNoDangerousUrls(html);
  });

  test.each(BAD_URLS)('media, previews, files and embeds pointing at %j load nothing', (url) => {
    const html = renderNodes(
      node('IMAGE', { imageData: { image: { src: { url } } } }),
      node('LINK_PREVIEW', { linkPreviewData: { link: { url }, title: 'Preview', thumbnailUrl: url } }),
      node('FILE', { fileData: { src: { url }, name: 'file' } }),
      node('VIDEO', { videoData: { video: { src: { url } }, thumbnail: { src: { url } } } }),
      node('AUDIO', { audioData: { audio: { src: { url } } } }),
      node('HTML', { htmlData: { url } }),
      node('EMBED', { embedData: { src: url, oembed: { url, thumbnailUrl: url } } }),
      node('APP_EMBED', { appEmbedData: { name: 'App', url, image: { src: { url } } } }),
      node('GALLERY', { galleryData: { items: [{ image: { media: { src: { url } }, link: { url } } }] } }),
      node('GIF', { gifData: { original: { gif: url } } }),
      node('SHAPE', { shapeData: { shape: { src: { url } }, link: { url } } }),
      node('CHECKBOX_LIST', {}, [
        node('LIST_ITEM', {}, [paragraph(text('x', [{ type: 'LINK', linkData: { link: { url } } }]))]),
      ]),
    );
    expectNoDangerousUrls(html);
    expect(tags(html, 'iframe')).toHaveLength(0);
  });

  test('an anchor with markup in it stays an escaped fragment', () => {
    const html = renderNodes(
      paragraph(text('x', [{ type: 'ANCHOR', anchorData: { anchor: '"><script>alert(1)</script>' } }])),
    );
    expect(html).not.toContain('<script');
    expect(tags(html, 'a')[0]?.href).toMatch(/^#%22%3E%3Cscript%3E/);
  });
});

describe('hostile embeds', () => {
  const SCRIPT = '<script>alert(document.cookie)</script><img src=x onerror=alert(1)>';

  test('HTML node markup only lives, escaped, in the srcdoc of a sandboxed iframe', () => {
    const html = renderNodes(node('HTML', { htmlData: { html: SCRIPT } }));
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img/i);
    const frames = tags(html, 'iframe');
    expect(frames).toHaveLength(1);
    expect(frames[0]!.sandbox).toBe('allow-scripts allow-popups');
    expect(frames[0]!.srcdoc).toContain('&lt;script&gt;alert(document.cookie)&lt;/script&gt;');
    expect(frames[0]).toHaveProperty('width');
    expect(frames[0]).toHaveProperty('height');
  });

  test('EMBED oembed html is sandboxed the same way', () => {
    const html = renderNodes(node('EMBED', { embedData: { oembed: { html: SCRIPT } } }));
    expect(html).not.toMatch(/<script/i);
    expect(tags(html, 'iframe')[0]!.sandbox).toBe('allow-scripts allow-popups');
  });

  test('sandboxes never grant same-origin or top navigation to arbitrary markup', () => {
    const html = renderNodes(
      node('HTML', { htmlData: { html: 'x' } }),
      node('HTML', { htmlData: { url: 'https://widget.example/' } }),
      node('EMBED', { embedData: { oembed: { html: 'y' } } }),
    );
    for (const frame of tags(html, 'iframe')) {
      expect(frame.sandbox).not.toContain('allow-same-origin');
      expect(frame.sandbox).not.toContain('allow-top-navigation');
    }
  });

  test('an HTML node url must be https', () => {
    expect(tags(renderNodes(node('HTML', { htmlData: { url: 'https://widget.example/a' } })), 'iframe')[0]?.src).toBe(
      'https://widget.example/a',
    );
    expect(renderNodes(node('HTML', { htmlData: { url: 'http://widget.example/a' } }))).not.toContain('<iframe');
    expect(renderNodes(node('HTML', { htmlData: { url: '/local' } }))).not.toContain('<iframe');
  });

  test('text that looks like markup is escaped', () => {
    const html = renderNodes(
      paragraph(text(SCRIPT)),
      node('CODE_BLOCK', {}, [text(SCRIPT)]),
      node('BUTTON', { buttonData: { text: SCRIPT } }),
    );
    expect(html).not.toMatch(/<script|<img/i);
    expect(visibleText(html)).toContain(SCRIPT);
  });
});

/** `APP_EMBED` → `appEmbedData`. */
const dataKey = (type: string) => `${type.toLowerCase().replace(/_(\w)/g, (_, c: string) => c.toUpperCase())}Data`;

describe('broken documents', () => {
  const broken: [string, unknown][] = [
    ['undefined', undefined],
    ['null', null],
    ['a string', 'hello'],
    ['a number', 42],
    ['nodes not an array', { nodes: 5 }],
    ['nodes with junk entries', { nodes: [null, 5, 'x', [], true, { nodes: null }] }],
    ['a node without a type', { nodes: [{ nodes: [text('orphan')] }] }],
    ['a numeric type', { nodes: [{ type: 42, nodes: [] }] }],
    [
      'a prototype key as type',
      {
        nodes: ['__proto__', 'constructor', 'toString', 'hasOwnProperty'].map((type) => ({
          type,
          nodes: [text(type)],
        })),
      },
    ],
    [
      'data of the wrong type',
      {
        nodes: [
          { type: 'HEADING', headingData: 'x', nodes: [text('Heading')] },
          { type: 'IMAGE', imageData: 7 },
          { type: 'TABLE', tableData: [], nodes: 'rows' },
        ],
      },
    ],
    [
      'text of the wrong type',
      {
        nodes: [
          paragraph(
            { type: 'TEXT', textData: { text: 5, decorations: 'bold' } },
            { type: 'TEXT', textData: null },
            { type: 'TEXT' },
          ),
        ],
      },
    ],
    [
      'decorations of the wrong type',
      {
        nodes: [
          paragraph(
            text('x', [
              null,
              5,
              'BOLD',
              { type: 5 },
              { type: 'LINK', linkData: 'x' },
              { type: 'LINK', linkData: { link: { url: 5 } } },
              { type: 'COLOR', colorData: null },
            ]),
          ),
        ],
      },
    ],
    [
      'every data field null',
      {
        nodes: [
          'IMAGE',
          'GALLERY',
          'VIDEO',
          'AUDIO',
          'FILE',
          'GIF',
          'HTML',
          'EMBED',
          'APP_EMBED',
          'LINK_PREVIEW',
          'MAP',
          'POLL',
          'BUTTON',
          'TABLE',
          'TOC',
          'CARD',
          'LAYOUT',
          'SMART_BLOCK',
          'DIVIDER',
          'SHAPE',
        ].map((type) => ({ type, [dataKey(type)]: null, nodes: null })),
      },
    ],
    [
      'nested junk in data',
      {
        nodes: [
          node('GALLERY', { galleryData: { items: [null, 5, { image: 'x' }, { video: { media: 7 } }] } }),
          node('POLL', { pollData: { poll: { options: [null, { title: 5, count: 'many' }] } } }),
        ],
      },
    ],
    [
      'huge numbers',
      {
        nodes: [
          node('ORDERED_LIST', { orderedListData: { start: 1e308 } }, [node('LIST_ITEM')]),
          node('TABLE', {}, [
            node('TABLE_ROW', {}, [node('TABLE_CELL', { tableCellData: { colspan: Infinity, rowspan: -5 } })]),
          ]),
        ],
      },
    ],
    [
      'table parts outside a table',
      {
        nodes: [
          node('TABLE_ROW', {}, [node('TABLE_CELL', {}, [paragraph(text('stray'))])]),
          node('LIST_ITEM', {}, [paragraph(text('stray item'))]),
          node('COLLAPSIBLE_ITEM_TITLE'),
        ],
      },
    ],
  ];

  test.each(broken)('renders %s without throwing', (_name, content) => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(() => render(content)).not.toThrow();
    expect(() => plainText(content)).not.toThrow();
    expect(() => tableOfContents(content)).not.toThrow();
  });

  test('broken nodes keep their readable text', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const html = render({
      nodes: [
        { type: 'HEADING', headingData: 'x', nodes: [text('Still a heading')] },
        { nodes: [text('orphan text')] },
      ],
    });
    expect(html).toMatch(/<h2 id="still-a-heading"[^>]*>Still a heading<\/h2>/);
    expect(html).toContain('orphan text');
  });

  test('table and list children of the wrong kind are wrapped into valid markup', () => {
    const html = renderNodes(
      node('BULLETED_LIST', {}, [paragraph(text('not an item'))]),
      node('TABLE', {}, [paragraph(text('not a row'))]),
    );
    expect(html).toMatch(/<ul[^>]*><li class="rc-li"><p[^>]*>not an item/);
    expect(html).toMatch(/<tbody><tr><td><p[^>]*>not a row/);
  });

  test('an empty document renders nothing', () => {
    expect(render({ nodes: [] })).toBe('');
    expect(render(undefined)).toBe('');
  });
});

describe('unknown node types', () => {
  test('render their text and warn once per type', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const unknown = { type: 'HOLOGRAM', id: 'x', nodes: [paragraph(text('inside hologram'))] };
    const leaf = { type: 'HOLOGRAM', textData: { text: 'own text' } };
    const html = renderNodes(unknown, unknown, leaf);
    render({ nodes: [unknown] });
    expect(html).toContain('<div class="rc-unknown"><p class="rc-p" dir="auto">inside hologram</p></div>');
    expect(html).toContain('<div class="rc-unknown">own text</div>');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain('HOLOGRAM');
  });
});

const nest = (depth: number, wrap: (inner: Node) => Node, leaf: Node): Node => {
  let current = leaf;
  for (let i = 0; i < depth; i++) current = wrap(current);
  return current;
};

describe('deep nesting', () => {
  const quote = (inner: Node) => node('BLOCKQUOTE', {}, [inner]);
  const list = (inner: Node) => node('BULLETED_LIST', {}, [node('LIST_ITEM', {}, [inner])]);

  test.each([1000, 10000])('%i nested blockquotes render, capped, without throwing', (depth) => {
    const doc = { nodes: [nest(depth, quote, paragraph(text('bottom'))), paragraph(text('after'))] };
    let html = '';
    expect(() => (html = render(doc))).not.toThrow();
    expect(html.match(/<blockquote/g)?.length).toBe(MAX_DEPTH);
    expect(html).not.toContain('bottom');
    expect(html).toContain('after');
    expect(() => plainText(doc)).not.toThrow();
    expect(plainText(doc)).toBe('after');
  });

  test.each([1000, 10000])('%i nested lists render without throwing', (depth) => {
    const doc = { nodes: [nest(depth, list, paragraph(text('deep')))] };
    expect(() => render(doc)).not.toThrow();
    expect(() => tableOfContents(doc)).not.toThrow();
  });

  test('content within the cap renders in full', () => {
    const html = render({ nodes: [nest(50, quote, paragraph(text('reachable')))] });
    expect(html).toContain('reachable');
  });

  test('a cyclic node graph stops at the cap', () => {
    const loop: Node = { type: 'BLOCKQUOTE', nodes: [] };
    (loop.nodes as Node[]).push(loop, paragraph(text('x')));
    expect(() => render({ nodes: [loop] })).not.toThrow();
    expect(() => plainText({ nodes: [loop] })).not.toThrow();
  });
});
