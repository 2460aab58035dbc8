import { heroImages, images } from './media';
import { buildPost, type PostInput, type PostJson } from './post';
import { Random, uuidFrom } from '@/lib/core/random';
import { checklist, code, collapsible, divider, h, ol, p, quote, table, ul } from '@/lib/core/ricos/blocks';
import { image } from '@/lib/core/ricos/media';
import { bold, deco, italic, link, t } from '@/lib/core/ricos/text';
import type { Inline, RicosNode } from '@/lib/core/ricos/types';
import { fills, headings, listItems, quotes, sentences, snippets, titles, topics } from './sentences';
import { authors, categoryId, categoryKeys, tagId, tagKeys, type CategoryKey } from './taxonomy';

// One generated post, a pure function of (seed, index, total): posts can be made in any order, in parallel,
// without keeping the others in memory.

export const RANGE_END = Date.parse('2026-11-15T00:00:00.000Z');
export const RANGE_START = Date.parse('2025-05-15T00:00:00.000Z');

const authorIds = Object.values(authors).map((author) => author.id);
const inlineImages = [...heroImages, images.mosaic, images.blocks, images.waterfall];

export const generatedPostId = (seed: string, index: number) => uuidFrom(`${seed}:post:${index}`);

export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const kebab = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export class Writer {
  constructor(
    private readonly random: Random,
    private readonly topic: string,
    private readonly other: string,
  ) {}

  fill(template: string): string {
    const r = this.random;
    const values: Record<string, () => string> = {
      topic: () => this.topic,
      Topic: () => capitalise(this.topic),
      other: () => this.other,
      number: () => String(r.int(20, 900)),
      percent: () => String(r.int(5, 60)),
      duration: () => r.pick(fills.duration),
      site: () => r.pick(fills.site),
      metric: () => r.pick(fills.metric),
      tool: () => r.pick(fills.tool),
      count: () => r.pick(fills.count),
    };
    return capitalise(template.replace(/\{(\w+)\}/g, (_, key: string) => values[key]?.() ?? key));
  }

  /** A paragraph of 3 to 5 sentences; now and then one sentence carries a mark or a link. */
  paragraph(): RicosNode {
    const parts: Inline[] = [];
    this.random.sample(sentences, this.random.int(3, 5)).forEach((template, i) => {
      const sentence = this.fill(template);
      const prefix = i === 0 ? '' : ' ';
      const roll = this.random.float();
      if (roll < 0.06) parts.push(prefix, bold(sentence));
      else if (roll < 0.1) parts.push(prefix, italic(sentence));
      else if (roll < 0.12) parts.push(prefix, t(sentence, deco.underline));
      else if (roll < 0.15) parts.push(prefix, link(sentence, `https://example.com/notes/${kebab(this.topic)}`));
      else parts.push(prefix + sentence);
    });
    return p(...parts);
  }

  extra(): RicosNode {
    const r = this.random;
    const items = () => r.sample(listItems, r.int(3, 5));
    switch (r.int(0, 8)) {
      case 0:
        return ul(...items());
      case 1:
        return ol(...items());
      case 2:
        return quote(r.pick(quotes));
      case 3:
        return code(r.pick(snippets));
      case 4:
        return image(r.pick(inlineImages), { caption: this.fill('What {topic} looked like before the change.') });
      case 5:
        return table([
          ['Metric (p75)', 'Before', 'After'],
          ...r.sample(['LCP', 'INP', 'TTFB', 'Total blocking time'], 3).map((metric) => {
            const before = r.int(200, 4000);
            return [metric, `${before} ms`, `${Math.round(before * (0.4 + r.float() * 0.5))} ms`];
          }),
        ]);
      case 6:
        return checklist(...items().map((item): [boolean, string] => [r.chance(0.6), item]));
      case 7:
        return collapsible([[this.fill('Does {topic} matter on fast devices?'), [this.paragraph()]]]);
      default:
        return divider();
    }
  }
}

/** The opening sentences of a paragraph, up to about 200 characters. */
function excerptOf(paragraph: RicosNode): string {
  const text = paragraph.nodes.map((n) => (n.textData as { text: string }).text).join('');
  const cut = text.lastIndexOf('. ', 200);
  return cut > 0 ? text.slice(0, cut + 1) : text;
}

export function synthPost(seed: string, index: number, total: number): PostJson {
  const r = new Random(`${seed}:${index}`);
  const category: CategoryKey = r.pick(categoryKeys);
  const bank = topics[category];
  const [topic, other] = r.sample(bank.topics, 2) as [string, string];
  const writer = new Writer(r, topic, other);

  const title = writer.fill(r.pick(titles));
  const nodes: RicosNode[] = [writer.paragraph()];
  for (const heading of r.sample(headings, r.int(2, 3))) {
    nodes.push(h(2, writer.fill(heading)));
    for (let n = r.int(1, 2); n > 0; n--) nodes.push(writer.paragraph());
    if (r.chance(0.7)) nodes.push(writer.extra());
  }

  const status = r.chance(0.03) ? r.pick(['UNPUBLISHED', 'SCHEDULED'] as const) : 'PUBLISHED';
  // Stratified over the range, so every month gets posts and newer indexes are newer posts.
  const published = new Date(
    status === 'SCHEDULED'
      ? RANGE_END + r.int(1, 30) * 86_400_000
      : RANGE_START + ((index + r.float()) / total) * (RANGE_END - RANGE_START),
  );
  const age = Math.max(0, (RANGE_END - published.getTime()) / (RANGE_END - RANGE_START));
  const views = Math.round(50 * Math.pow(400, Math.min(1, r.float() * 0.6 + age * 0.4)));
  const likes = Math.floor((views * r.int(1, 9)) / 100);
  const tags = r.sample([...bank.tags, r.pick(tagKeys)], r.int(1, 4));

  const input: PostInput = {
    id: generatedPostId(seed, index),
    slug: `${kebab(title)}-${index + 1}`,
    title,
    excerpt: excerptOf(nodes[0]!),
    status,
    dates: {
      created: new Date(published.getTime() - r.int(1, 10) * 86_400_000).toISOString(),
      published: status === 'UNPUBLISHED' && r.chance(0.5) ? undefined : published.toISOString(),
      updated: r.chance(0.2) ? new Date(published.getTime() + r.int(1, 30) * 86_400_000).toISOString() : undefined,
    },
    featured: r.chance(0.06),
    pinned: index < 2,
    categoryIds: [
      categoryId(category),
      ...(r.chance(0.2) ? [categoryId(r.pick(categoryKeys.filter((key) => key !== category)))] : []),
    ],
    tagIds: [...new Set(tags)].map(tagId),
    hashtags: r.sample(bank.hashtags, r.int(1, 3)),
    memberId: r.pick(authorIds),
    commentingEnabled: r.chance(0.9),
    relatedPostIds:
      total > 1 && r.chance(0.3)
        ? [...new Set(Array.from({ length: r.int(1, 3) }, () => r.int(0, total - 1)))]
            .filter((i) => i !== index)
            .map((i) => generatedPostId(seed, i))
        : [],
    seo: r.chance(0.1)
      ? { title: `${title} | The Render Path`, description: writer.fill(r.pick(sentences)), keywords: [topic] }
      : undefined,
    image: r.pick(heroImages),
    nodes,
    metrics: {
      views: status === 'PUBLISHED' ? views : 0,
      likes: status === 'PUBLISHED' ? likes : 0,
      comments: status === 'PUBLISHED' ? Math.floor(likes * r.float() * 0.2) : 0,
    },
  };
  return buildPost(input);
}
