import { posts } from '@wix/blog';
import { describe, expect, test, vi } from 'vitest';
import { NODE_RENDERERS, type NodeType } from '@/components/rich-content/node-map';
import { heading, node, paragraph, renderNodes, tags, text, type Node } from './helpers';

interface Sample {
  nodes: Node[];
  expect: (html: string) => void;
}

const media = (id: string, width = 1200, height = 800) => ({ src: { id }, width, height });
const item = (title: string, body: string) =>
  node('COLLAPSIBLE_ITEM', {}, [
    node('COLLAPSIBLE_ITEM_TITLE', {}, [paragraph(text(title))]),
    node('COLLAPSIBLE_ITEM_BODY', {}, [paragraph(text(body))]),
  ]);
const cell = (value: string) => node('TABLE_CELL', { tableCellData: {} }, [paragraph(text(value))]);
const row = (...values: string[]) => node('TABLE_ROW', {}, values.map(cell));
const listItem = (value: string, extra: Record<string, unknown> = {}) =>
  node('LIST_ITEM', extra, [paragraph(text(value))]);

/**
 * One sample per node type; typed by `NodeType`, so a type added to `@wix/blog` fails the type check until it has one.
 */
const SAMPLES: Record<NodeType, Sample> = {
  PARAGRAPH: {
    nodes: [paragraph(text('Hello world'))],
    expect: (h) => expect(h).toMatch(/<p class="rc-p"[^>]*>Hello world<\/p>/),
  },
  TEXT: { nodes: [text('Loose text')], expect: (h) => expect(h).toContain('Loose text') },
  HEADING: {
    nodes: [1, 2, 3, 4, 5, 6].map((level) => heading(`Level ${level}`, level, `h${level}`)),
    expect: (h) =>
      [1, 2, 3, 4, 5, 6].forEach((l) =>
        expect(h).toMatch(new RegExp(`<h${l} id="level-${l}"[^>]*>Level ${l}</h${l}>`)),
      ),
  },
  BULLETED_LIST: {
    nodes: [
      node('BULLETED_LIST', {}, [
        listItem('One'),
        node('LIST_ITEM', {}, [paragraph(text('Two')), node('BULLETED_LIST', {}, [listItem('Nested')])]),
      ]),
    ],
    expect: (h) => {
      expect(h).toMatch(/<ul class="rc-list rc-ul">.*<li class="rc-li">.*One/);
      expect(h).toMatch(
        /<li class="rc-li"><p[^>]*>Two<\/p><ul class="rc-list rc-ul"><li class="rc-li"><p[^>]*>Nested<\/p><\/li><\/ul><\/li>/,
      );
    },
  },
  ORDERED_LIST: {
    nodes: [node('ORDERED_LIST', { orderedListData: { start: 4 } }, [listItem('Four'), listItem('Five')])],
    expect: (h) => expect(h).toMatch(/<ol class="rc-list rc-ol" start="4"><li class="rc-li"><p[^>]*>Four/),
  },
  LIST_ITEM: {
    nodes: [node('ORDERED_LIST', {}, [listItem('Item')])],
    expect: (h) => expect(h).toMatch(/<ol[^>]*><li class="rc-li"><p[^>]*>Item<\/p><\/li><\/ol>/),
  },
  CHECKBOX_LIST: {
    nodes: [
      node('CHECKBOX_LIST', {}, [
        listItem('Done', { listItemData: { checked: true } }),
        listItem('Todo', { listItemData: { checked: false } }),
      ]),
    ],
    expect: (h) => {
      const boxes = tags(h, 'input');
      expect(boxes).toHaveLength(2);
      expect(boxes.every((b) => b.type === 'checkbox' && 'disabled' in b)).toBe(true);
      expect('checked' in boxes[0]!).toBe(true);
      expect('checked' in boxes[1]!).toBe(false);
      expect(h).not.toMatch(/<form/);
    },
  },
  BLOCKQUOTE: {
    nodes: [node('BLOCKQUOTE', {}, [paragraph(text('Quoted'))])],
    expect: (h) => expect(h).toMatch(/<blockquote class="rc-quote"[^>]*><p[^>]*>Quoted<\/p><\/blockquote>/),
  },
  CODE_BLOCK: {
    nodes: [
      node('CODE_BLOCK', {}, [
        text('const runs = 7;\nif (a < b) {\n  run(runs);\n}\nexport default function main() {}'),
      ]),
    ],
    // Highlighted on the server (its text unchanged and escaped), read as JavaScript and labelled so.
    expect: (h) => {
      expect(h).toContain('<span class="rc-code__lang">JavaScript</span>');
      expect(h).toContain('<pre class="rc-code" dir="ltr" tabindex="0"><code class="hljs">');
      expect(h).toContain('<span class="k">if</span>');
      expect(h.replace(/<[^>]+>/g, '')).toContain(
        'JavaScriptconst runs = 7;\nif (a &lt; b) {\n  run(runs);\n}\nexport default function main() {}',
      );
    },
  },
  VIDEO: {
    nodes: [
      node('VIDEO', {
        videoData: { video: { src: { url: 'https://example.com/clip.mp4' }, width: 1280, height: 720 }, title: 'Clip' },
      }),
    ],
    expect: (h) => {
      expect(h).toMatch(
        /<video class="rc-video-el" controls="" preload="metadata" src="https:\/\/example.com\/clip.mp4"[^>]*width="640" height="360"/,
      );
      expect(h).toContain(
        '<figcaption class="rc-figcaption" dir="auto"><span class="rc-video-title">Clip</span></figcaption>',
      );
    },
  },
  DIVIDER: {
    nodes: [node('DIVIDER', { dividerData: { lineStyle: 'DASHED', width: 'MEDIUM' } })],
    expect: (h) => expect(h).toMatch(/<hr class="[^"]*rc-divider-dashed rc-divider-medium"\/>/),
  },
  FILE: {
    nodes: [
      node('FILE', {
        fileData: { src: { url: 'https://example.com/report.pdf' }, name: 'Report.pdf', type: 'pdf', sizeInKb: '2048' },
      }),
    ],
    expect: (h) =>
      expect(h).toMatch(
        /<a class="rc-file-link" href="https:\/\/example.com\/report.pdf" download="Report.pdf"[^>]*><span class="rc-file-name">Report.pdf<\/span><span class="rc-file-meta">PDF · 2.0 MB<\/span>/,
      ),
  },
  GALLERY: {
    nodes: [
      node('GALLERY', {
        galleryData: {
          items: [
            { image: { media: media('a1~mv2.jpg') }, title: 'First', altText: 'Alt one' },
            {
              image: {
                media: { src: { url: 'b2~mv2.png' }, width: 400, height: 400 },
                link: { url: 'https://example.com/b' },
              },
            },
            { video: { media: { src: { url: 'https://youtu.be/dQw4w9WgXcQ' } } }, title: 'A video' },
          ],
          options: { layout: { numberOfColumns: 2 } },
        },
      }),
    ],
    expect: (h) => {
      expect(h).toMatch(
        /<figure class="[^"]*rc-gallery[^"]*" style="--rc-gallery-cols:2"><ul class="rc-gallery-grid">/,
      );
      expect(tags(h, 'img').map((i) => i.alt)).toEqual(['Alt one', '']);
      expect(h).toMatch(/<a class="rc-media-link" href="https:\/\/example.com\/b"><img/);
      expect(h).toContain('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
      expect(h).toContain('<figcaption class="rc-figcaption">First</figcaption>');
    },
  },
  GIF: {
    nodes: [
      node('GIF', {
        gifData: {
          original: { gif: 'https://media.giphy.com/a.gif' },
          downsized: { gif: 'https://media.giphy.com/a-small.gif' },
          width: 480,
          height: 270,
        },
      }),
    ],
    expect: (h) =>
      expect(h).toMatch(
        /<img class="rc-img" src="https:\/\/media.giphy.com\/a-small.gif" width="480" height="270" alt="Animated GIF"/,
      ),
  },
  HTML: {
    nodes: [
      node('HTML', {
        htmlData: { html: '<b>Hi</b>', containerData: { width: { custom: '500' }, height: { custom: '300' } } },
      }),
    ],
    expect: (h) => {
      const [frame] = tags(h, 'iframe');
      expect(frame).toMatchObject({ sandbox: 'allow-scripts allow-popups', width: '500', height: '300' });
      expect(frame!.srcdoc).toContain('&lt;b&gt;Hi&lt;/b&gt;');
    },
  },
  IMAGE: {
    nodes: [
      node('IMAGE', { imageData: { image: media('abc~mv2.jpg', 2000, 1000), altText: 'A cat', caption: 'The cat' } }),
    ],
    expect: (h) =>
      expect(h).toMatch(
        /<figure[^>]*><img [^>]*alt="A cat"[^>]*\/><figcaption class="rc-figcaption" dir="auto">The cat<\/figcaption><\/figure>/,
      ),
  },
  LINK_PREVIEW: {
    nodes: [
      node('LINK_PREVIEW', {
        linkPreviewData: {
          link: { url: 'https://example.com/post' },
          title: 'A post',
          description: 'About things',
          thumbnailUrl: 'https://example.com/t.jpg',
        },
      }),
    ],
    expect: (h) => {
      expect(h).toMatch(
        /<a class="rc-card-link" href="https:\/\/example.com\/post" target="_blank" rel="noopener noreferrer"><img class="rc-thumb" src="https:\/\/example.com\/t.jpg"/,
      );
      expect(h).toContain(
        '<span class="rc-card-title">A post</span><span class="rc-card-text">About things</span><span class="rc-card-meta">example.com</span>',
      );
    },
  },
  MAP: {
    nodes: [
      node('MAP', {
        mapData: { mapSettings: { address: '1 Main St', locationName: 'HQ', lat: 51.5, lng: -0.12, initialZoom: 12 } },
      }),
    ],
    expect: (h) => {
      expect(h).toContain(
        '<address class="rc-map-address"><span class="rc-card-title">HQ</span><span class="rc-card-text">1 Main St</span></address>',
      );
      expect(h).toContain('href="https://www.openstreetmap.org/?mlat=51.5&amp;mlon=-0.12#map=12/51.5/-0.12"');
      expect(h).not.toMatch(/<iframe|<script|<form/);
    },
  },
  POLL: {
    nodes: [
      node('POLL', {
        pollData: {
          poll: {
            title: 'Tabs or spaces?',
            options: [
              { title: 'Tabs', count: 3 },
              { title: 'Spaces', count: 1 },
            ],
          },
        },
      }),
    ],
    expect: (h) => {
      expect(h).toContain('<figcaption class="rc-poll-title">Tabs or spaces?</figcaption>');
      expect(h).toMatch(/Tabs<\/span>.*3 votes \(75%\).*Spaces<\/span>.*1 vote \(25%\)/);
      expect(h).not.toMatch(/<form|<input|<button/);
    },
  },
  APP_EMBED: {
    nodes: [
      node('APP_EMBED', {
        appEmbedData: {
          type: 'EVENT',
          name: 'Launch party',
          url: 'https://example.com/e',
          eventData: { scheduling: 'May 1', location: 'Berlin' },
        },
      }),
    ],
    expect: (h) => {
      expect(h).toContain(
        '<span class="rc-card-title">Launch party</span><span class="rc-card-text">May 1</span><span class="rc-card-text">Berlin</span>',
      );
      expect(h).toMatch(
        /<a class="rc-button" href="https:\/\/example.com\/e" target="_blank" rel="noopener noreferrer">Event details<\/a>/,
      );
    },
  },
  BUTTON: {
    nodes: [
      node('BUTTON', {
        buttonData: {
          text: 'Sign up',
          link: { url: 'https://example.com/join', target: 'BLANK', rel: { nofollow: true } },
          styles: { textColor: '#ffffff', backgroundColor: '#112233' },
        },
      }),
    ],
    expect: (h) =>
      expect(h).toMatch(
        /<a class="rc-button" href="https:\/\/example.com\/join" target="_blank" rel="noopener noreferrer nofollow" style="color:#ffffff;background-color:#112233" dir="auto">Sign up<\/a>/,
      ),
  },
  COLLAPSIBLE_LIST: {
    nodes: [
      node('COLLAPSIBLE_LIST', { collapsibleListData: { initialExpandedItems: 'FIRST' } }, [
        item('Q1', 'A1'),
        item('Q2', 'A2'),
      ]),
    ],
    expect: (h) => {
      expect(h).toMatch(
        /<details class="rc-collapsible-item" open=""><summary class="rc-collapsible-title"><span class="rc-p" dir="auto">Q1<\/span><\/summary><div class="rc-collapsible-body"><p[^>]*>A1<\/p><\/div><\/details>/,
      );
      expect(h).toMatch(/<details class="rc-collapsible-item"><summary[^>]*><span[^>]*>Q2/);
    },
  },
  COLLAPSIBLE_ITEM: {
    nodes: [
      node('COLLAPSIBLE_LIST', { collapsibleListData: { initialExpandedItems: 'ALL', expandOnlyOne: true } }, [
        item('Q1', 'A1'),
        item('Q2', 'A2'),
      ]),
    ],
    expect: (h) => {
      const details = tags(h, 'details');
      expect(details).toHaveLength(2);
      expect(details.every((d) => 'open' in d && d.name === details[0]!.name && d.name!.length > 0)).toBe(true);
    },
  },
  COLLAPSIBLE_ITEM_TITLE: {
    nodes: [node('COLLAPSIBLE_LIST', {}, [item('Title here', 'x')])],
    expect: (h) => expect(h).toMatch(/<summary class="rc-collapsible-title">.*Title here.*<\/summary>/),
  },
  COLLAPSIBLE_ITEM_BODY: {
    nodes: [node('COLLAPSIBLE_LIST', {}, [item('t', 'Body here')])],
    expect: (h) => expect(h).toMatch(/<div class="rc-collapsible-body"><p[^>]*>Body here<\/p><\/div>/),
  },
  TABLE: {
    nodes: [
      node('TABLE', { tableData: { rowHeader: true, dimensions: { colsWidthRatio: [1, 3] } } }, [
        row('Name', 'Role'),
        row('Ada', 'Engineer'),
      ]),
    ],
    expect: (h) => {
      expect(h).toContain('<colgroup><col style="width:25.00%"/><col style="width:75.00%"/></colgroup>');
      expect(h).toMatch(
        /<tr><th scope="col" class="rc-td"><p[^>]*>Name<\/p><\/th><th scope="col" class="rc-td"><p[^>]*>Role/,
      );
      expect(h).toMatch(/<tr><td class="rc-td"><p[^>]*>Ada<\/p><\/td><td class="rc-td"><p[^>]*>Engineer/);
      expect(h).toMatch(
        /<div class="rc-block rc-table-wrap" tabindex="0" role="region" aria-label="Table: Name, Role">/,
      );
    },
  },
  TABLE_ROW: {
    nodes: [node('TABLE', {}, [row('a', 'b'), row('c', 'd')])],
    expect: (h) => expect(h.match(/<tr>/g)).toHaveLength(2),
  },
  TABLE_CELL: {
    nodes: [
      node('TABLE', { tableData: { columnHeader: true } }, [
        node('TABLE_ROW', {}, [
          {
            ...cell('Key'),
            tableCellData: { colspan: 2, cellStyle: { backgroundColor: '#eeeeee', verticalAlignment: 'MIDDLE' } },
          },
          cell('Value'),
        ]),
      ]),
    ],
    expect: (h) => {
      expect(h).toMatch(
        /<th scope="row" class="rc-td rc-valign-middle rc-on-light" style="background-color:#eeeeee;color:#1d1f24;[^"]*" colSpan="2">/,
      );
      expect(h).toMatch(/<td class="rc-td"><p[^>]*>Value/);
    },
  },
  EMBED: {
    nodes: [
      node('EMBED', {
        embedData: {
          oembed: { html: '<blockquote>Tweet</blockquote>', providerName: 'Twitter', title: 'A tweet' },
          src: 'https://twitter.com/x/status/1',
        },
      }),
    ],
    expect: (h) => {
      expect(tags(h, 'iframe')[0]).toMatchObject({ sandbox: 'allow-scripts allow-popups', title: 'A tweet' });
      expect(h).toMatch(
        /<figcaption class="rc-figcaption"><a class="rc-link" href="https:\/\/twitter.com\/x\/status\/1"[^>]*>A tweet · Twitter<\/a><\/figcaption>/,
      );
    },
  },
  EXTERNAL: {
    nodes: [node('EXTERNAL', { externalData: { anything: true } }, [paragraph(text('Inside external'))])],
    expect: (h) => expect(h).toMatch(/<div class="rc-external"><p[^>]*>Inside external<\/p><\/div>/),
  },
  AUDIO: {
    nodes: [
      node('AUDIO', { audioData: { audio: { src: { id: 'release-chime.wav' } }, name: 'Chime', authorName: 'Us' } }),
    ],
    expect: (h) => {
      expect(h).toMatch(/<audio class="rc-audio-el" controls="" preload="metadata" src="\/media\/release-chime.wav"/);
      expect(h).toContain('<figcaption class="rc-figcaption" dir="auto">Chime — Us</figcaption>');
    },
  },
  CAPTION: {
    nodes: [
      node('IMAGE', { imageData: { image: media('c~mv2.jpg') } }, [node('CAPTION', {}, [text('Caption node')])]),
      node('CAPTION', {}, [text('Loose caption')]),
      // An image whose address cannot be shown (an import's file that was not in the export) keeps its caption.
      node('IMAGE', { imageData: { image: { src: {} } } }, [node('CAPTION', {}, [text('Caption of a lost image')])]),
    ],
    expect: (h) => {
      expect(h).toContain('<p class="rc-caption"><span class="rc-caption-text">Caption of a lost image</span></p>');
      expect(h).toMatch(
        /<figcaption class="rc-figcaption" dir="auto"><span class="rc-caption-text">Caption node<\/span><\/figcaption>/,
      );
      expect(h).toMatch(/<p class="rc-caption" dir="auto">Loose caption<\/p>/);
    },
  },
  LAYOUT: {
    nodes: [
      node('LAYOUT', { layoutData: { gap: 24 } }, [
        node('LAYOUT_CELL', { layoutCellData: { colSpan: 8 } }, [paragraph(text('Main'))]),
        node('LAYOUT_CELL', { layoutCellData: { colSpan: 4 } }, [paragraph(text('Side'))]),
      ]),
    ],
    expect: (h) =>
      expect(h).toMatch(
        /<div class="rc-block rc-layout" style="--rc-gap:24px"><div class="rc-layout-cell" style="--rc-span:8"><p[^>]*>Main/,
      ),
  },
  LAYOUT_CELL: {
    nodes: [node('LAYOUT', {}, [node('LAYOUT_CELL', {}, [paragraph(text('Cell'))])])],
    expect: (h) => expect(h).toMatch(/<div class="rc-layout-cell"><p[^>]*>Cell<\/p><\/div>/),
  },
  SHAPE: {
    nodes: [
      node('SHAPE', {
        shapeData: {
          shape: { src: { id: 'wave-shape.svg' }, width: 200, height: 50 },
          altText: 'Wave',
          link: { url: '/about' },
        },
      }),
    ],
    expect: (h) =>
      expect(h).toMatch(
        /<a class="rc-media-link" href="\/about"><img class="rc-shape-img" src="\/media\/wave-shape.svg"[^>]*width="200" height="50" alt="Wave"/,
      ),
  },
  CARD: {
    nodes: [node('CARD', { cardData: { background: { color: '#fafafa' } } }, [paragraph(text('In a card'))])],
    expect: (h) =>
      expect(h).toMatch(
        /<div class="rc-card rc-on-light" style="background-color:#fafafa;color:#1d1f24;[^"]*"><div class="rc-card-content"><p[^>]*>In a card/,
      ),
  },
  TOC: {
    nodes: [
      node('TOC', { tocData: { includedHeadings: [2] } }),
      heading('Intro', 2, 'a'),
      heading('Detail', 3, 'b'),
      heading('Outro', 2, 'c'),
    ],
    expect: (h) => {
      expect(h).toMatch(
        /<nav[^>]*class="rc-toc rc-toc-inline"[^>]*><ul class="rc-toc-list"><li class="rc-toc-item rc-toc-depth-0"><a href="#intro">Intro<\/a><\/li><li[^>]*><a href="#outro">Outro<\/a><\/li><\/ul><\/nav>/,
      );
    },
  },
  SMART_BLOCK: {
    nodes: [
      node('SMART_BLOCK', { smartBlockData: { type: 'STATS', columnSize: 'LARGE' } }, [
        node('SMART_BLOCK_CELL', { smartBlockCellData: { label: '42%' } }, [paragraph(text('growth'))]),
      ]),
    ],
    expect: (h) =>
      expect(h).toMatch(
        /<div class="rc-smart-block rc-smart-stats" style="--rc-smart-cols:2"><div class="rc-smart-cell"><span class="rc-smart-label">42%<\/span><p[^>]*>growth/,
      ),
  },
  SMART_BLOCK_CELL: {
    nodes: [
      node('SMART_BLOCK', {}, [
        node('SMART_BLOCK_CELL', { smartBlockCellData: { accentColor: '#ff0000' } }, [paragraph(text('cell'))]),
      ]),
    ],
    expect: (h) =>
      expect(h).toMatch(
        /<div class="rc-smart-cell" style="--rc-smart-accent-light:#de0000;--rc-smart-accent-dark:#ff3b3b"><p[^>]*>cell/,
      ),
  },
};

describe('node types', () => {
  test('the node map has a renderer for every NodeType in @wix/blog, and nothing else', () => {
    expect(Object.keys(NODE_RENDERERS).sort()).toEqual(Object.values(posts.NodeType).sort());
  });

  test.each(Object.values(posts.NodeType))('renders %s', (type) => {
    const sample = SAMPLES[type as NodeType];
    expect(sample, `no sample for ${type}`).toBeDefined();
    const warn = vi.spyOn(console, 'warn');
    const html = renderNodes(...sample.nodes);
    sample.expect(html);
    expect(html).not.toContain('rc-unknown');
    expect(warn).not.toHaveBeenCalled();
  });

  test.each([
    ['BULLET_LIST', 'BULLETED_LIST', /<ul class="rc-list rc-ul"><li class="rc-li">/],
    ['GIPHY', 'GIF', /<img class="rc-img" src="https:\/\/media.giphy.com\/a.gif"/],
  ])('renders the legacy name %s as %s', (legacy, _current, pattern) => {
    const warn = vi.spyOn(console, 'warn');
    const html = renderNodes(
      legacy === 'GIPHY'
        ? node(legacy, { gifData: { original: { gif: 'https://media.giphy.com/a.gif' }, width: 10, height: 10 } })
        : node(legacy, {}, [listItem('Legacy')]),
    );
    expect(html).toMatch(pattern);
    expect(warn).not.toHaveBeenCalled();
  });

  test('type names are matched case-insensitively', () => {
    expect(renderNodes({ type: 'paragraph', nodes: [text('lower')] })).toMatch(/<p class="rc-p"[^>]*>lower<\/p>/);
  });
});
