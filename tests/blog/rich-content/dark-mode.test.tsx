import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { PALETTES, contrastRatio, parseColor } from '@/components/rich-content/color';
import { node, paragraph, renderNodes, tags, text, type Node } from './helpers';
import { SCHEMES, element, shownContrast } from './scheme';

/** The rich-content stylesheet with its whitespace collapsed, so a reformat does not change what is matched. */
const richContentCss = () =>
  readFileSync(new URL('../../../components/rich-content/rich-content.css', import.meta.url), 'utf8').replace(
    /\s+/g,
    ' ',
  );

const bold = { type: 'BOLD', fontWeightValue: 700 };
const color = (colorData: Record<string, string>) => ({ type: 'COLOR', colorData });
const link = { type: 'LINK', linkData: { link: { url: '/post/x', target: 'SELF' } } };

/** The "How to use this list" card of the pinned checklist post (content/posts/8e1cd74d…), as the editor wrote it. */
const CHECKLIST_CARD: Node = {
  type: 'CARD',
  id: '2g475',
  nodes: [
    {
      type: 'PARAGRAPH',
      id: 'c573z',
      nodes: [
        text('How to use this list. ', [bold]),
        text(
          'Tick items as you go; anything you skip, write down why. The reasons are often more useful than the ticks.',
        ),
      ],
      paragraphData: { textStyle: { textAlignment: 'AUTO' }, indentation: 0 },
    },
  ],
  cardData: { background: { type: 'COLOR', color: '#FFF4E5' } },
};

describe('author backgrounds', () => {
  test.each(SCHEMES)('the checklist card reads in the %s scheme (it measured 1.12:1 in dark)', (scheme) => {
    const card = element(renderNodes(CHECKLIST_CARD), 'div', 'rc-card');
    expect(card.style['background-color']).toBe('#FFF4E5');
    expect(shownContrast(card, scheme)).toBeGreaterThanOrEqual(4.5);
  });

  test('the card sets its text colour and palette explicitly, so the scheme never decides them', () => {
    const card = element(renderNodes(CHECKLIST_CARD), 'div', 'rc-card');
    expect(card.style.color).toMatch(/^#[0-9a-f]{6}$/);
    expect(card.classes).toContain('rc-on-light');
    const bg = parseColor(card.style['background-color']!)!;
    for (const key of ['--fg', '--muted', '--accent']) {
      expect(contrastRatio(parseColor(card.style[key]!)!, bg), key).toBeGreaterThanOrEqual(4.5);
    }
  });

  test.each([
    [
      'a card',
      node('CARD', { cardData: { background: { color: '#1F4FD8' } } }, [paragraph(text('x'))]),
      'div',
      'rc-card',
    ],
    [
      'a layout',
      node('LAYOUT', { layoutData: { background: { color: '#FFD166' } } }, [paragraph(text('x'))]),
      'div',
      'rc-layout',
    ],
    ['a paragraph style', { ...paragraph(text('x')), style: { backgroundColor: '#333333' } }, 'p', 'rc-p'],
    [
      'a table cell',
      node('TABLE', {}, [
        node('TABLE_ROW', {}, [
          node('TABLE_CELL', { tableCellData: { cellStyle: { backgroundColor: '#767676' } } }, [paragraph(text('x'))]),
        ]),
      ]),
      'td',
      'rc-td',
    ],
    [
      'a smart block cell',
      node('SMART_BLOCK', {}, [
        node('SMART_BLOCK_CELL', { smartBlockCellData: { backgroundColor: 'navy' } }, [paragraph(text('x'))]),
      ]),
      'div',
      'rc-smart-cell',
    ],
    [
      'a translucent background',
      node('CARD', { cardData: { background: { color: 'rgba(255, 0, 0, 0.2)' } } }, [paragraph(text('x'))]),
      'div',
      'rc-card',
    ],
  ])('%s gets a readable text colour in both schemes', (_, content, tag, className) => {
    const el = element(renderNodes(content), tag, className);
    for (const scheme of SCHEMES) expect(shownContrast(el, scheme), scheme).toBeGreaterThanOrEqual(4.5);
  });

  test('a highlight (COLOR background) gets a readable text colour', () => {
    const html = renderNodes(paragraph(text('highlighted', [color({ background: '#FFF4E5' })])));
    const span = element(html, 'span', 'rc-highlight');
    for (const scheme of SCHEMES) expect(shownContrast(span, scheme), scheme).toBeGreaterThanOrEqual(4.5);
  });

  test("a highlight keeps the author's text colour when it reads, and fixes it when it does not", () => {
    const keep = element(
      renderNodes(paragraph(text('x', [color({ foreground: '#000080', background: '#FFF4E5' })]))),
      'span',
      'rc-color',
    );
    expect(keep.style).toMatchObject({ color: '#000080', 'background-color': '#FFF4E5' });
    const fix = element(
      renderNodes(paragraph(text('x', [color({ foreground: '#FFD166', background: '#FFF4E5' })]))),
      'span',
      'rc-color',
    );
    expect(contrastRatio(parseColor(fix.style.color!)!, parseColor('#FFF4E5')!)).toBeGreaterThanOrEqual(4.5);
  });

  test('a button keeps its colours when they read and fixes the text when they do not', () => {
    const html = renderNodes(
      node('BUTTON', { buttonData: { text: 'A', styles: { textColor: '#FFFFFF', background: { color: '#1F4FD8' } } } }),
      node('BUTTON', { buttonData: { text: 'B', styles: { textColor: '#FFFFFF', background: { color: '#FFD166' } } } }),
      node('BUTTON', { buttonData: { text: 'C', styles: { background: { color: '#FFD166' } } } }),
    );
    const buttons = tags(html, 'span').filter((t) => t.class?.includes('rc-button'));
    expect(buttons[0]!.style).toBe('color:#FFFFFF;background-color:#1F4FD8');
    for (const b of buttons) {
      const [fg, bg] = /color:(#\w+);background-color:(#\w+)/.exec(b.style!)!.slice(1);
      expect(contrastRatio(parseColor(fg!)!, parseColor(bg!)!)).toBeGreaterThanOrEqual(4.5);
    }
  });

  test('a theme colour background is left to the theme', () => {
    const card = element(
      renderNodes(node('CARD', { cardData: { background: { color: 'color3' } } }, [paragraph(text('x'))])),
      'div',
      'rc-card',
    );
    expect(card.style).toEqual({ 'background-color': 'var(--rc-color-3, var(--surface))' });
  });
});

describe('author text colours', () => {
  /** "Text can combine several styles at once" in the every-block post: 2.7:1 on the dark page before. */
  const SEVERAL_STYLES = paragraph(
    text('several styles at once', [
      bold,
      { type: 'ITALIC', italicData: true },
      { type: 'UNDERLINE', underlineData: true },
      color({ foreground: '#1F4FD8' }),
    ]),
  );

  test.each(SCHEMES)('the underlined blue text reads on the %s page and its surfaces', (scheme) => {
    const span = element(renderNodes(SEVERAL_STYLES), 'span', 'rc-color');
    expect(shownContrast(span, scheme)).toBeGreaterThanOrEqual(4.5);
    expect(shownContrast(span, scheme, PALETTES[scheme].surface)).toBeGreaterThanOrEqual(4.5);
  });

  test('the light value is the author colour when it already reads; the dark one is lightened, same hue', () => {
    const span = element(renderNodes(SEVERAL_STYLES), 'span', 'rc-color');
    expect(span.classes).toContain('rc-fg');
    expect(span.style['--fg-light']).toBe('#1F4FD8');
    const dark = parseColor(span.style['--fg-dark']!)!;
    expect(dark.b).toBeGreaterThan(dark.r);
    expect(span.style.color).toBeUndefined();
  });

  test.each(['#D62828', '#FFD166', '#000000', '#ffffff', 'red', 'rgb(40, 40, 40)'])(
    '%s reads in both schemes',
    (foreground) => {
      const span = element(renderNodes(paragraph(text('x', [color({ foreground })]))), 'span', 'rc-color');
      for (const scheme of SCHEMES) expect(shownContrast(span, scheme), scheme).toBeGreaterThanOrEqual(4.5);
    },
  );

  test('text coloured inside a block with an author background is measured against that background', () => {
    const html = renderNodes(
      node('CARD', { cardData: { background: { color: '#FFF4E5' } } }, [
        paragraph(text('x', [color({ foreground: '#FFD166' })])),
      ]),
    );
    const span = element(html, 'span', 'rc-color');
    expect(span.classes).not.toContain('rc-fg');
    expect(contrastRatio(parseColor(span.style.color!)!, parseColor('#FFF4E5')!)).toBeGreaterThanOrEqual(4.5);
  });

  test('a coloured contents block, a smart block accent and a button on the theme accent read in both schemes', () => {
    const toc = element(
      renderNodes(node('TOC', { tocData: { color: '#FFD166' } }), {
        type: 'HEADING',
        id: 'h',
        nodes: [text('Intro')],
        headingData: { level: 2 },
      }),
      'nav',
      'rc-toc',
    );
    for (const scheme of SCHEMES)
      expect(shownContrast(toc, scheme, PALETTES[scheme].surface), scheme).toBeGreaterThanOrEqual(4.5);

    const cell = element(
      renderNodes(
        node('SMART_BLOCK', {}, [
          node('SMART_BLOCK_CELL', { smartBlockCellData: { accentColor: '#1F4FD8', label: '17' } }),
        ]),
      ),
      'div',
      'rc-smart-cell',
    );
    for (const scheme of SCHEMES) {
      expect(
        contrastRatio(parseColor(cell.style[`--rc-smart-accent-${scheme}`]!)!, parseColor(PALETTES[scheme].bg)!),
        scheme,
      ).toBeGreaterThanOrEqual(4.5);
    }

    const button = element(
      renderNodes(node('BUTTON', { buttonData: { text: 'Go', styles: { textColor: '#FFFFFF' } } })),
      'span',
      'rc-button',
    );
    for (const scheme of SCHEMES)
      expect(shownContrast(button, scheme, PALETTES[scheme].accent), scheme).toBeGreaterThanOrEqual(4.5);
  });

  test('sketch lines stand out at 3:1; a marker keeps its colour', () => {
    const circle = element(
      renderNodes(paragraph(text('x', [{ type: 'SKETCH', sketchData: { variant: 'CIRCLE', color: '#1F4FD8' } }]))),
      'span',
      'rc-sketch',
    );
    for (const scheme of SCHEMES) {
      expect(
        contrastRatio(parseColor(circle.style[`--rc-sketch-color-${scheme}`]!)!, parseColor(PALETTES[scheme].bg)!),
      ).toBeGreaterThanOrEqual(3);
    }
    const marker = element(
      renderNodes(paragraph(text('x', [{ type: 'SKETCH', sketchData: { variant: 'HIGHLIGHT', color: '#FFD166' } }]))),
      'span',
      'rc-sketch',
    );
    expect(marker.style).toEqual({ '--rc-sketch-color': '#FFD166' });
  });

  test('the CSS picks --fg-light or --fg-dark by scheme', () => {
    expect(richContentCss()).toMatch(
      /\.rc \.rc-fg \{ color: var\(--fg-light\); \} @media \(prefers-color-scheme: dark\) \{ \.rc \.rc-fg \{ color: var\(--fg-dark\); \}/,
    );
  });

  test('links inside a light card use a link colour chosen for the card', () => {
    const html = renderNodes(
      node('CARD', { cardData: { background: { color: '#FFF4E5' } } }, [paragraph(text('our budget post', [link]))]),
    );
    const card = element(html, 'div', 'rc-card');
    expect(contrastRatio(parseColor(card.style['--accent']!)!, parseColor('#FFF4E5')!)).toBeGreaterThanOrEqual(4.5);
  });
});

describe('shapes and transparent images', () => {
  const shape = (styles?: Record<string, unknown>) =>
    node('SHAPE', {
      shapeData: {
        shape: { src: { id: 'wave-shape.svg' }, width: 400, height: 120 },
        altText: 'A wave-shaped divider',
        ...(styles && { styles }),
      },
    });

  test("a tinted shape is drawn in the author's colour, visible (3:1) on both pages", () => {
    const html = renderNodes(shape({ color: '#1F4FD8' }));
    const fill = element(html, 'span', 'rc-shape-fill');
    expect(fill.attrs).toMatchObject({ role: 'img', 'aria-label': 'A wave-shaped divider' });
    expect(fill.style['mask-image']).toBe('url("/media/wave-shape.svg")');
    expect(fill.style['aspect-ratio']).toBe('400 / 120');
    for (const scheme of SCHEMES) {
      expect(
        contrastRatio(parseColor(fill.style[`--rc-shape-color-${scheme}`]!)!, parseColor(PALETTES[scheme].bg)!),
        scheme,
      ).toBeGreaterThanOrEqual(3);
    }
    expect(html).not.toContain('<img');
  });

  test('an untinted shape and an SVG image get the class the dark scheme gives a light backdrop', () => {
    const html = renderNodes(
      shape(),
      node('IMAGE', {
        imageData: { image: { src: { id: 'diagram.svg' }, width: 10, height: 10 }, altText: 'A diagram' },
      }),
    );
    const imgs = tags(html, 'img');
    expect(imgs[0]!.class).toBe('rc-shape-img');
    expect(imgs[1]!.class).toBe('rc-img rc-img-svg');
    const css = richContentCss();
    const dark = css.slice(css.indexOf('.rc-shape-fill { --rc-shape-color: var(--rc-shape-color-dark'));
    expect(dark).toMatch(/\.rc-shape-img, \.rc-img-svg \{[^}]*background-color: #f2f1ec/);
  });

  test('a shape URL cannot break out of the CSS url()', () => {
    const html = renderNodes(
      node('SHAPE', {
        shapeData: {
          shape: { src: { url: 'https://cdn.example/a.svg?x=");background:url(//evil' }, width: 4, height: 4 },
          styles: { color: '#000' },
        },
      }),
    );
    const style = element(html, 'span', 'rc-shape-fill').attrs.style!.replace(/&quot;/g, '"');
    // The quote that would end the CSS string is percent-encoded, so the rest stays inside the URL.
    expect(style).toMatch(/;mask-image:url\("[^"]*"\);-webkit-mask-image:url\("[^"]*"\)$/);
    expect(style).toContain('%22');
  });
});
