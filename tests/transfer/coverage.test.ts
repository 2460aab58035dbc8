import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { zipSync } from 'fflate';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RichContent } from '@/components/rich-content/rich-content';
import { convertBody } from '@/lib/transfer/convert';
import { copyMedia, rewriteMedia } from '@/lib/transfer/media';
import { readGhost } from '@/lib/transfer/sources/ghost';
import { readMarkdownFolder } from '@/lib/transfer/sources/markdown-folder';
import { readMedium } from '@/lib/transfer/sources/medium';
import { readSubstack } from '@/lib/transfer/sources/substack';
import { readWordPress } from '@/lib/transfer/sources/wordpress';
import { wordpressHtml } from '@/lib/transfer/sources/wordpress-autop';
import { htmlText } from '@/lib/core/html-text';
import { coverage, missingWords, sourceText } from '@/lib/transfer/text-coverage';
import type { Bundle } from '@/lib/transfer/types';

// The issue's must-show, on every import fixture: text coverage per imported post (the words a reader sees in the
// source's content, found on the imported post's page as the site's RichContent renders it), as one table of each
// source's mean and worst. The target is 100%; each source's floor below is what it measures now, so that no change
// loses words unnoticed.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- node data read by the assertions
type Data = any;

const FIXTURES = path.join(import.meta.dirname, '../fixtures/import');
const fixture = (...parts: string[]) => path.join(FIXTURES, ...parts);

/** A folder's files as a zip, by their paths inside it (Substack's export is a zip). */
function zipOf(dir: string): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) {
      const file = path.join(entry.parentPath, entry.name);
      files[path.relative(dir, file).split(path.sep).join('/')] = new Uint8Array(readFileSync(file));
    }
  return zipSync(files);
}

interface Row {
  source: string;
  posts: number;
  mean: number;
  worst: number;
  worstItem: string;
  short: string[];
}

/** Each post of a bundle converted (its media addresses the copies' an import makes, as apply.ts does) and rendered;
 * its words against its source's. */
async function measure(source: string, bundle: Bundle): Promise<Row> {
  // A dry run: where each file the export carries would be copied, nothing written.
  const media = await copyMedia(path.join(FIXTURES, 'no-such-site'), bundle.source, bundle.media, true);
  let total = 0;
  let worst = 1;
  let worstItem = '';
  const short: string[] = [];
  for (const post of bundle.posts) {
    const { nodes } = rewriteMedia(convertBody(post.body, { baseUrl: bundle.siteUrl }).nodes, media.moved);
    const page = htmlText(renderToStaticMarkup(createElement(RichContent, { content: { nodes } as never })));
    const words = sourceText(post.body);
    const share = coverage(words, page);
    total += share;
    if (share < worst || !worstItem) [worst, worstItem] = [share, `${post.sourceId} "${post.title.slice(0, 40)}"`];
    if (share < 1)
      short.push(`  ${post.sourceId} ${(share * 100).toFixed(1)}%, missing: ${missingWords(words, page).join(' ')}`);
  }
  const mean = bundle.posts.length ? total / bundle.posts.length : 1;
  return { source, posts: bundle.posts.length, mean, worst, worstItem, short };
}

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

describe('text coverage of every import fixture', async () => {
  const wxr = (name: string) => readFileSync(fixture('wordpress', name), 'utf8');
  const ghostMedia = fixture('ghost/content/images');
  const ghost = (name: string) => readGhost(readFileSync(fixture('ghost', name), 'utf8'), { mediaDir: ghostMedia });
  const rows: Row[] = await Promise.all([
    measure('WordPress: theme unit test', readWordPress(wxr('themeunittestdata.wordpress.xml'))),
    measure(
      'WordPress: classic.wxr.xml',
      readWordPress(wxr('classic.wxr.xml'), { mediaDir: fixture('wordpress/media') }),
    ),
    measure('Ghost 4 (HTML)', ghost('v4_export.json')),
    measure('Ghost 5 (Lexical)', ghost('v5-lexical.json')),
    measure('Substack', readSubstack(zipOf(fixture('substack/export')))),
    measure('Medium', readMedium(fixture('medium/export'))),
    ...['hugo', 'jekyll', 'astro', 'next'].map(async (site) =>
      measure(`Markdown: ${site}`, await readMarkdownFolder(fixture('markdown', site))),
    ),
  ]);
  const table = [
    '| source | posts | mean | worst (item) |',
    '| --- | ---: | ---: | --- |',
    ...rows.map((r) => `| ${r.source} | ${r.posts} | ${percent(r.mean)} | ${percent(r.worst)} (${r.worstItem}) |`),
  ];
  const short = rows.filter((r) => r.short.length).flatMap((r) => [`${r.source}:`, ...r.short]);
  console.log(`text coverage per imported post\n${table.join('\n')}${short.length ? `\n${short.join('\n')}` : ''}`);

  // Measured: every source at 100%, Ghost 5's image the export does not carry included (its caption is shown where
  // the image cannot be: components/rich-content/media-nodes.tsx).
  const floors: Record<string, { mean: number; worst: number }> = {};

  it.each(rows.map((row) => [row.source, row] as const))('%s: mean and worst at least their floors', (name, row) => {
    expect(row.posts).toBeGreaterThan(0);
    const floor = floors[name] ?? { mean: 1, worst: 1 };
    expect(row.mean).toBeGreaterThanOrEqual(floor.mean);
    expect(row.worst).toBeGreaterThanOrEqual(floor.worst);
  });
});

describe("WordPress's content as its page showed it: what is counted, and what is converted", () => {
  const converted = (html: string, options?: Parameters<typeof wordpressHtml>[1]) => {
    const shown = wordpressHtml(html, options);
    const { nodes } = convertBody({ format: 'html', html: shown });
    return { shown, nodes: nodes as unknown as Data[], words: sourceText({ format: 'html', html: shown }) };
  };

  it('shows an address alone as its embed (autoembed), not as words; an address it cannot embed stays', () => {
    const classic = converted(
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ\n\nhttps://twitter.com/nacin/status/319508408669708289\n\nhttps://wordpress.tv/2009/03/16/anatomy/\n\n<pre>\nhttps://vimeo.com/76979871\n</pre>',
    );
    expect(classic.nodes.map((n) => n.type)).toEqual(['VIDEO', 'EMBED', 'PARAGRAPH', 'CODE_BLOCK']);
    expect(classic.nodes[1]!.embedData.oembed.url).toBe('https://x.com/nacin/status/319508408669708289');
    expect(classic.words.trim().split(/\s+/)).toEqual([
      'https://wordpress.tv/2009/03/16/anatomy/',
      'https://vimeo.com/76979871',
    ]);
    // The block editor's embed block holds its address alone on a line of its wrapper: the same step shows it.
    const block = converted(
      '<!-- wp:embed {"url":"https://youtu.be/ex8fMxXJDJw","type":"video","providerNameSlug":"youtube"} --><figure class="wp-block-embed is-provider-youtube"><div class="wp-block-embed__wrapper">\nhttps://youtu.be/ex8fMxXJDJw\n</div><figcaption>A film</figcaption></figure><!-- /wp:embed -->',
    );
    expect(block.nodes).toMatchObject([{ type: 'VIDEO', nodes: [{ type: 'CAPTION' }] }]);
    expect(block.words.trim()).toBe('A film');
  });

  it('shows [caption] (its caption in its body or its attribute), [audio] and [video] as their media', () => {
    const { nodes, words } = converted(
      '[caption id="attachment_1" align="alignleft" width="150" caption="Said <em>here</em>"]<a href="https://old.example/a.jpg"><img src="https://old.example/a.jpg" alt="" width="150" height="150" /></a>[/caption]\n\n' +
        '[caption id="attachment_2" width="300"]<img src="https://old.example/b.jpg" alt="" /> Bell on wharf[/caption]\n\n' +
        '[audio https://old.example/song.mp3]\n\n[video mp4="https://old.example/clip.mp4"][/video]\n\n[[caption]] is written so',
    );
    expect(nodes.map((n) => n.type)).toEqual(['IMAGE', 'IMAGE', 'AUDIO', 'VIDEO', 'PARAGRAPH']);
    expect(nodes[0]!.nodes[0]).toMatchObject({ type: 'CAPTION', nodes: [{ textData: { text: 'Said ' } }, {}] });
    expect(nodes[1]!.nodes[0]).toMatchObject({ type: 'CAPTION', nodes: [{ textData: { text: 'Bell on wharf' } }] });
    expect(words.replace(/\s+/g, ' ').trim()).toBe('Said here Bell on wharf [caption] is written so');
  });

  it("shows [gallery] as the post's attached images or those it names, given the export's attachments", () => {
    const attachments = [
      { id: '7', parentId: '5', url: 'https://old.example/a.jpg', caption: 'First', order: 2 },
      { id: '8', parentId: '5', url: 'https://old.example/b.png', alt: 'B', order: 1 },
      { id: '9', parentId: '5', url: 'https://old.example/song.mp3' },
      { id: '10', parentId: '6', url: 'https://old.example/c.jpg' },
    ];
    const { nodes } = converted('[gallery columns="2"]\n\n[gallery ids="10,7"]', { postId: '5', attachments });
    const items = nodes.map((n) => n.galleryData.items.map((item: Data) => item.image.media.src.url));
    expect(items).toEqual([
      ['https://old.example/b.png', 'https://old.example/a.jpg'],
      ['https://old.example/c.jpg', 'https://old.example/a.jpg'],
    ]);
    expect(nodes[0]!.galleryData.options.layout.numberOfColumns).toBe(2);
    expect(nodes[0]!.galleryData.items[1].title).toBe('First');
    // Without the attachments, the shortcode is left as it is.
    expect(wordpressHtml('[gallery]').trim()).toBe('[gallery]');
  });
});
