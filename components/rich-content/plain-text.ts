import { arr, get, nodeData, rec, str, text } from './fields';
import { rootNodes, textOf, walk } from './document';

/** Text that lives in node data rather than in TEXT children, worth counting as content. */
function dataText(node: Record<string, unknown>, type: string | undefined): string[] {
  switch (type) {
    case 'IMAGE':
      return [str(nodeData(node, 'imageData').caption) ?? ''];
    case 'VIDEO':
      return [str(nodeData(node, 'videoData').title) ?? ''];
    case 'BUTTON':
      return [str(nodeData(node, 'buttonData').text) ?? ''];
    case 'POLL': {
      const poll = rec(nodeData(node, 'pollData').poll);
      return [str(poll.title) ?? '', ...arr(poll.options).map((o) => str(get(o, 'title')) ?? '')];
    }
    default:
      return [];
  }
}

/**
 * The document as plain text, one line per block, for excerpts, reading time, search and feeds.
 * Accepts `post.richContent`, a node array, or anything else (which yields "").
 */
export function plainText(content: unknown): string {
  const lines: string[] = [];
  let line = '';
  const flush = () => {
    const clean = line
      .replace(/[\u200b\ufeff]/g, '')
      .replace(/[ \t\f\v\u00a0]+/g, ' ')
      .trim();
    if (clean) lines.push(...clean.split(/\s*\n\s*/).filter(Boolean));
    line = '';
  };
  for (const { node, type } of walk(rootNodes(content))) {
    if (type === 'TEXT') {
      line += textOf(node);
      continue;
    }
    flush();
    for (const extra of dataText(node, type)) {
      const t = text(extra);
      if (t) lines.push(t);
    }
  }
  flush();
  return lines.join('\n');
}

/** Words in the text, for reading-time estimates. */
export const wordCount = (content: unknown): number => plainText(content).split(/\s+/).filter(Boolean).length;
