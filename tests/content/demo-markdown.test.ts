import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFields } from '@/lib/core/ricos/directive-fields';
import { POSTS_DIR, readPost, readPosts } from '@/scripts/content/demo/read';
import { images } from '@/scripts/content/media';
import {
  card,
  collapsible,
  divider,
  h,
  layout,
  legacyBulletList,
  li,
  p,
  smartBlock,
  table,
  toc,
  ul,
} from '@/lib/core/ricos/blocks';
import { actionButton, gallery, gif, html, image, linkButton, poll, video } from '@/lib/core/ricos/media';
import { bold, deco, mention, t } from '@/lib/core/ricos/text';
import { gifFile } from '@/scripts/content/media';

// The demo posts are Markdown files (scripts/content/demo/posts/, format in scripts/content/demo/README.md).
// tests/content/demo-content.test.ts checks that what they build is content/; these check the reading itself.

const FILE = path.join(POSTS_DIR, 'a-test-post.md');
const NAME = 'scripts/content/demo/posts/a-test-post.md';

const FRONT = `---
title: "Testing: a post"
excerpt: >-
  A folded excerpt
  on two lines.
date: 2026-01-02T03:04:05.000Z
updated: 2026-01-03T00:00:00.000Z
status: UNPUBLISHED
author: tomas
categories: [performance, tooling]
tags: [css]
hashtags: [one, two]
image: /media/hero-bars.png
featured: true
metrics:
  views: 10
  likes: 2
  comments: 1
related: [what-lcp-actually-measures]
seo:
  title: SEO title
  description: SEO description
  keywords: [a b, c]
---
`;

const post = (body: string, front = FRONT) => readPost(FILE, front + body);
const errorOf = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('no error');
};

describe('demo posts in Markdown', () => {
  it('reads every file of the posts folder, its name the slug', () => {
    const files = readdirSync(POSTS_DIR).filter((name) => name.endsWith('.md'));
    const defs = readPosts();
    expect(files.length).toBeGreaterThanOrEqual(38);
    expect(defs.map((def) => `${def.slug}.md`)).toEqual(files.sort());
    for (const def of defs) expect(def.body.length, def.slug).toBeGreaterThan(2);
  });

  it('maps the front matter onto a PostDef and the body onto Ricos nodes', () => {
    expect(post('## Hello {#hi}\n\nText with **bold**\nwrapped.\n')).toEqual({
      slug: 'a-test-post',
      title: 'Testing: a post',
      excerpt: 'A folded excerpt on two lines.',
      date: '2026-01-02T03:04:05.000Z',
      updated: '2026-01-03T00:00:00.000Z',
      status: 'UNPUBLISHED',
      author: 'tomas',
      categories: ['performance', 'tooling'],
      tags: ['css'],
      hashtags: ['one', 'two'],
      image: images.bars,
      featured: true,
      metrics: [10, 2, 1],
      related: ['what-lcp-actually-measures'],
      seo: { title: 'SEO title', description: 'SEO description', keywords: ['a b', 'c'] },
      body: [h(2, 'Hello', { id: 'hi' }), p('Text with ', bold('bold'), ' wrapped.')],
    });
  });

  it('builds the ricos: blocks with the Ricos builders', () => {
    const body = `
\`\`\`ricos:toc
headings: [2]
\`\`\`

\`\`\`ricos:divider
style: DASHED
\`\`\`

\`\`\`ricos:image
src: /media/diagram-waterfall.png
size: FULL_WIDTH
caption: A chart, [see it](ricos:underline).
link: /media/diagram-waterfall.png
target: BLANK
\`\`\`

![](/media/hero-waves.png)

\`\`\`ricos:gallery
images: [/media/hero-grid.png, /media/square-blocks.png]
layout: MASONRY
\`\`\`

\`\`\`ricos:gif
src: /media/confetti.gif
legacy: true
\`\`\`

\`\`\`ricos:video
src: https://video.test/v.mp4
title: "A talk: the loop"
poster: /media/poster-event-loop.png
\`\`\`

\`\`\`ricos:html
height: 90
html: |-
  <p>one</p>
  <p>two</p>
\`\`\`

\`\`\`ricos:poll
id: p1
title: Which?
options: [A, B]
\`\`\`

\`\`\`ricos:button
text: Go
link: /feed.xml
\`\`\`

\`\`\`ricos:button
text: Copy
\`\`\`

\`\`\`ricos:card background=#EEF4FF
### A card

Its text.
\`\`\`

\`\`\`ricos:layout
Left.

---

Right.
\`\`\`

\`\`\`ricos:smart-block type=STATS
# Posts

### 17

# Projects

### 11
\`\`\`

\`\`\`ricos:collapsible
# Why *this*?

Because.

# And that?

- a list
\`\`\`

\`\`\`ricos:table
- - Head
  - Other
- - A long cell
    that wraps
  - **b**

Table: The alt
\`\`\`

\`\`\`ricos:legacy-list
- [@Maya Okafor](ricos:mention=maya-okafor) writes
\`\`\`
`;
    expect(post(body).body).toEqual([
      toc([2]),
      divider('DASHED'),
      image(images.waterfall, {
        caption: ['A chart, ', t('see it', deco.underline), '.'],
        link: { url: '/media/diagram-waterfall.png', target: 'BLANK' },
        size: 'FULL_WIDTH',
      }),
      image(images.waves),
      gallery([images.grid, images.blocks], 'MASONRY'),
      gif(gifFile, true),
      video('https://video.test/v.mp4', 'A talk: the loop', images.eventLoop),
      html({ html: '<p>one</p>\n<p>two</p>' }, 90),
      poll('p1', 'Which?', ['A', 'B']),
      linkButton('Go', { url: '/feed.xml', target: 'SELF' }),
      actionButton('Copy'),
      card([h(3, 'A card'), p('Its text.')], '#EEF4FF'),
      layout([[p('Left.')], [p('Right.')]]),
      smartBlock('STATS', [
        { label: 'Posts', nodes: [h(3, '17')] },
        { label: 'Projects', nodes: [h(3, '11')] },
      ]),
      collapsible([
        [['Why ', t('this', deco.italic), '?'], [p('Because.')]],
        ['And that?', [ul('a list')]],
      ]),
      table(
        [
          ['Head', 'Other'],
          ['A long cell that wraps', bold('b')],
        ],
        'The alt',
      ),
      legacyBulletList(li([mention('Maya Okafor', 'maya-okafor'), ' writes'])),
    ]);
  });

  it('names the file and line of a front-matter mistake', () => {
    const withKey = FRONT.replace('featured: true', 'featured: true\nsubtitle: extra');
    expect(errorOf(() => post('Body.', withKey))).toBe(`${NAME}:15: front matter: unknown key "subtitle"`);
    expect(errorOf(() => post('Body.', FRONT.replace('tags: [css]', 'tags: [css, cobol]')))).toMatch(
      new RegExp(`^${NAME}:11: front matter: tags\\.1: Invalid option`),
    );
    expect(errorOf(() => post('Body.', FRONT.replace('views: 10', 'views: lots')))).toMatch(
      new RegExp(`^${NAME}:16: front matter: metrics\\.views: `),
    );
    expect(errorOf(() => post('Body.', FRONT.replace('"Testing: a post"', 'Testing: a post')))).toBe(
      `${NAME}:2: quote this value (YAML would not read it as written): Testing: a post`,
    );
    expect(errorOf(() => post('Body.', FRONT.replace('author: tomas\n', '')))).toMatch(
      new RegExp(`^${NAME}:1: front matter: author: `),
    );
    expect(errorOf(() => readPost(FILE, '# No front matter'))).toBe(
      `${NAME}:1: a post starts with front matter between two --- lines`,
    );
  });

  it('names the file and line of a mistake in a ricos: block', () => {
    const at = (body: string) => errorOf(() => post(body));
    expect(at('Intro.\n\n```ricos:carousel\nsrc: x\n```')).toMatch(
      new RegExp(`^${NAME}:27: unknown block ricos:carousel`),
    );
    expect(at('```ricos:poll\nid: p\ntitle: T\noptions: [A, B]\ncolour: red\n```')).toBe(
      `${NAME}:29: ricos:poll: unknown key "colour"`,
    );
    expect(at('```ricos:gallery\nimages: [/media/nope.png]\n```')).toMatch(
      new RegExp(`^${NAME}:26: ricos:gallery: images\\.0: not an image of content/media`),
    );
    expect(at('![](/media/nope.png)')).toBe(
      `${NAME}:25: no image /media/nope.png in content/media (scripts/content/media.ts)`,
    );
    expect(at('```ricos:card tone=dark\ntext\n```')).toBe(`${NAME}:25: ricos:card: unknown key "tone"`);
    expect(at('```ricos:collapsible\nNo title first.\n```')).toBe(
      `${NAME}:26: ricos:collapsible starts with a "# title" line`,
    );
  });
});

describe('front-matter fields', () => {
  it('reads a strict subset of YAML', () => {
    const fields = parseFields(
      [
        '# a comment',
        'plain: some words, with a comma',
        'quoted: "#1F4FD8: \\"q\\""',
        'number: -12.5',
        'flag: false',
        'list: [a, "b, c", 3]',
        'empty: []',
        'nested:',
        '  deeper:',
        '    key: value',
        'literal: |-',
        '  line one',
        '',
        '    indented',
        'folded: >-',
        '  one',
        '  two',
      ].join('\n'),
      1,
    );
    expect(fields.values).toEqual({
      plain: 'some words, with a comma',
      quoted: '#1F4FD8: "q"',
      number: -12.5,
      flag: false,
      list: ['a', 'b, c', 3],
      empty: [],
      nested: { deeper: { key: 'value' } },
      literal: 'line one\n\n  indented',
      folded: 'one two',
    });
    expect(fields.lines.get('nested.deeper.key')).toBe(10);
  });

  it('rejects what YAML would read otherwise, at its line', () => {
    const at = (text: string) => errorOf(() => parseFields(text, 5));
    expect(at('a: 1\nb: null')).toMatch(/^a value is missing/);
    expect(at('a: 1\na: 2')).toBe('"a" is set twice');
    expect(at('a:\n\tb: 1')).toBe('indent with spaces, not tabs');
    expect(at('color: #fff')).toMatch(/^quote this value/);
    expect(at('a: [x, y')).toMatch(/^a list is written on one line/);
    expect(at('a: [x,]')).toMatch(/^a list does not end with a comma/);
    expect(at('a:')).toBe('"a" has no value');
    expect(at('just text')).toMatch(/^expected "key: value"/);
    const line = (text: string) => {
      try {
        parseFields(text, 5);
      } catch (error) {
        return (error as { line: number }).line;
      }
    };
    expect(line('a: 1\n\nb: null')).toBe(7);
    expect(line('a: >-\n  one\n\n  two')).toBe(7);
  });
});
