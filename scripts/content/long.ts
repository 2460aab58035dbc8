import { heroImages, images, videoFile } from './media';
import { buildPost, type PostJson } from './post';
import { Random, uuidFrom } from '@/lib/core/random';
import { code, h, ol, quote, table, ul } from '@/lib/core/ricos/blocks';
import { countWords, plainText } from '@/lib/blog/tools';
import { embed, image, video } from '@/lib/core/ricos/media';
import type { RicosNode } from '@/lib/core/ricos/types';
import { headings, listItems, quotes, snippets, titles, topics } from './sentences';
import { Writer } from './synth';
import { authors, categoryId, tagId, type CategoryKey, type TagKey } from './taxonomy';

// Long posts for the bench (issue 33): what a real blog's long read holds, at a chosen length. Every section is a
// heading, three paragraphs and an image with a caption (a dozen in 3,000 words); every other section also has one
// of the other blocks in turn: code, a table, a list, a quote, a video, an embed. The same seed and length always
// write the same post.

export const LONG_POST_WORDS = [1_500, 3_000, 6_000, 12_000] as const;

export const longPostSlug = (words: number) => `long-read-${words}-words`;

const inlineImages = [...heroImages, images.mosaic, images.blocks, images.waterfall];

function richBlock(writer: Writer, r: Random, turn: number): RicosNode {
  switch (turn % 6) {
    case 0:
      return code(r.sample(snippets, 2).join('\n\n'));
    case 1:
      return table([
        ['Metric (p75)', 'Before', 'After', 'Change'],
        ...['LCP', 'INP', 'TTFB', 'Total blocking time', 'CLS × 1000'].map((metric) => {
          const before = r.int(200, 4000);
          const after = Math.round(before * (0.4 + r.float() * 0.5));
          return [metric, `${before} ms`, `${after} ms`, `${Math.round((after / before - 1) * 100)}%`];
        }),
      ]);
    case 2:
      return r.chance(0.5) ? ul(...r.sample(listItems, 5)) : ol(...r.sample(listItems, 5));
    case 3:
      return quote(r.pick(quotes));
    case 4:
      return video(`/media/${videoFile.file}`, videoFile.title, images.poster);
    default:
      return embed('/post/keyboard-first-auditing-our-navigation', {
        type: 'rich',
        title: writer.fill('{Topic} demo'),
        providerName: 'The Render Path',
        providerUrl: '/',
        authorName: 'The Render Path',
        width: 800,
        height: 180,
        html: `<p>${writer.fill('A live demo of {topic}.')}</p><button>Try it</button>`,
      });
  }
}

export interface LongPostOptions {
  seed?: string;
  /** Default: a date in late 2026, so the post leads the demo's feed. */
  published?: string;
  category?: CategoryKey;
  tag?: TagKey;
  author?: keyof typeof authors;
}

/** A published post of about `words` words (within one paragraph of it). */
export function synthLongPost(words: number, options: LongPostOptions = {}): PostJson {
  const { seed = 'long-read', category = 'performance', tag = 'caching', author = 'maya' } = options;
  const r = new Random(`${seed}:${words}`);
  const [topic, other] = r.sample(topics[category].topics, 2) as [string, string];
  const writer = new Writer(r, topic, other);
  const nodes: RicosNode[] = [writer.paragraph()];
  const wordsOf = () => countWords(plainText(nodes));
  for (let turn = 0; wordsOf() < words; turn++) {
    nodes.push(h(2, writer.fill(r.pick(headings))));
    for (let n = 0; n < 3 && wordsOf() < words; n++) nodes.push(writer.paragraph());
    nodes.push(image(r.pick(inlineImages), { caption: writer.fill('What {topic} looked like after the change.') }));
    if (turn % 2 === 1) nodes.push(richBlock(writer, r, (turn - 1) / 2));
  }
  const title = `${writer.fill(r.pick(titles))} (${words.toLocaleString('en-US')} words)`;
  const published = options.published ?? new Date(Date.UTC(2026, 10, 20) + words).toISOString();
  return buildPost({
    id: uuidFrom(`${seed}:post:${words}`),
    slug: longPostSlug(words),
    title,
    excerpt: writer.fill('A long read on {topic}: measurements, code and the tables behind them.'),
    dates: { created: published, published },
    categoryIds: [categoryId(category)],
    tagIds: [tagId(tag)],
    hashtags: ['longread'],
    memberId: authors[author].id,
    image: r.pick(heroImages),
    nodes,
    metrics: { views: 1_000, likes: 40, comments: 0 },
  });
}
