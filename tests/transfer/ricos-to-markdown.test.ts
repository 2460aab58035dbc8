import { describe, expect, it } from 'vitest';
import { plainText } from '@/lib/blog/tools';
import { checklist, code, divider, h, ol, p, quote, table, ul } from '@/lib/core/ricos/blocks';
import { image, video } from '@/lib/core/ricos/media';
import { deco, linkTarget, MONOSPACE, t } from '@/lib/core/ricos/text';
import type { RicosNode } from '@/lib/core/ricos/types';
import { ricosToMarkdown } from '@/lib/transfer/ricos-to-markdown';
import { edgesUnmarked, readBack } from './export-read-back';

// The export's Markdown writer on what the demo posts do not hold: text Markdown would read otherwise, marks where its
// delimiters cannot stand, lists that follow each other, odd tables and code, and nodes only JSON keeps; each written,
// read back by the site's reader, and compared (tests/transfer/export.test.ts exports the demo site itself).

describe('ricosToMarkdown: what the demo does not hold', () => {
  /** Written, then read back: the same nodes (ids and edge white space aside), and what the Markdown was. */
  const roundTrip = (...nodes: RicosNode[]) => {
    const { markdown, stats } = ricosToMarkdown(nodes);
    const back = readBack(markdown);
    expect(plainText(back), markdown).toBe(plainText(nodes));
    expect(edgesUnmarked(back), markdown).toEqual(edgesUnmarked(JSON.parse(JSON.stringify(nodes))));
    return { markdown, stats };
  };

  it('escapes text Markdown would read otherwise', () => {
    roundTrip(
      p(t('*not bold* _nor_ this [link](x) <div> `code` ~gone~ a|b &amp; \\ back snake_case_name 2 * 3')),
      ...['1. not a list', '# not a heading', '- not an item', '> not a quote', '---', '+ plus', '===', '3) three'].map(
        (line) => p(t(line)),
      ),
      p(t('  leading and trailing spaces  ')),
      p(t('one line\n- and another\n2. and a third')),
      h(2, t('C# and F# ##'), { id: 'langs' }),
    );
  });

  it('keeps marks where Markdown delimiters cannot stand', () => {
    const { markdown } = roundTrip(
      p(t('say'), t('"quoted"', deco.bold), t('now')),
      p(t('a'), t('b', deco.bold), t('c', deco.italic), t('d', deco.bold, deco.strike)),
      p(t('call '), t('f(*args)', deco.fontFamily(MONOSPACE)), t(' or '), t('`tick`', deco.fontFamily(MONOSPACE))),
      p(
        t('docs', deco.bold, deco.link(linkTarget('https://example.com/a b'))),
        t(' and '),
        t('jump', deco.anchor('x')),
      ),
      p(t('under', deco.underline, deco.bold), t(' and '), t('@Ada Lovelace', deco.mention('Ada Lovelace', 'ada'))),
    );
    expect(markdown).toContain('[under](ricos:underline+bold)');
  });

  it('keeps apart lists that follow each other, and their numbering', () => {
    const { markdown } = roundTrip(
      ul('one', 'two'),
      ul('three'),
      checklist([true, 'done'], [false, 'todo']),
      ol('first'),
      { ...ol('third', 'fourth'), orderedListData: { indentation: 0, start: 3 } },
      quote('a quote', 'in two paragraphs'),
    );
    expect(markdown).toContain('- one\n- two\n\n* three\n\n- [x] done');
    expect(markdown).toContain('3) third');
  });

  it('writes code, tables and images whatever they hold', () => {
    roundTrip(
      { ...code('```\nnested fence\n```'), codeBlockData: { textStyle: { textAlignment: 'AUTO' }, language: 'md' } },
      table(
        [
          ['a | b', 'c'],
          ['`x`', ''],
        ],
        'Pipes and ticks',
      ),
      image({ url: 'https://cdn.example.com/a.png', alt: 'An [odd] "alt"' }, { caption: t('A "caption"') }),
      divider(),
    );
  });

  it('writes a node no Markdown or block reads back as itself as JSON, and drops nothing silently', () => {
    const autoplay = video('https://example.com/v.mp4', 'A video');
    (autoplay.videoData as { options: { autoPlay: boolean } }).options.autoPlay = true;
    const unknown: RicosNode = { type: 'SOMETHING_NEW', id: 'n1', nodes: [], somethingData: { a: [{ b: null }] } };
    const multiline = table([[t('two\nlines')]]);
    const { markdown, stats } = roundTrip(autoplay, unknown, multiline);
    expect(markdown.match(/```ricos:node/g)).toHaveLength(3);
    expect(stats.json).toEqual({ VIDEO: 1, SOMETHING_NEW: 1, TABLE: 1 });
    const { stats: lossy } = ricosToMarkdown([p(t('linked', deco.link(linkTarget('/x')), deco.underline))]);
    expect(lossy.dropped).toEqual({ underline: 1 });
  });
});
