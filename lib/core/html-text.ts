import { type DefaultTreeAdapterTypes, parseFragment } from 'parse5';

// The text a reader sees in an HTML fragment, read by parse5 (the browsers' own parsing algorithm): what the import
// measures of a source post (lib/transfer/text-coverage.ts) and what a reply from the fediverse says as a comment
// (lib/fediverse), whose comments are plain text.

type ChildNode = DefaultTreeAdapterTypes.ChildNode;

const HIDDEN = new Set(['script', 'style', 'template', 'noscript', 'head']);

const BLOCKS = new Set([
  'p',
  'div',
  'blockquote',
  'li',
  'pre',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'table',
]);

/** Elements inside a line of text: with `paragraphs`, they end without a space ("<a>@blog</a>," is "@blog,"). */
const INLINE = new Set([
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'cite',
  'code',
  'del',
  'em',
  'i',
  'ins',
  'kbd',
  'mark',
  'q',
  's',
  'samp',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'time',
  'u',
  'var',
]);

/**
 * The visible text of an HTML fragment (outside scripts, styles and comments), each element's end a space; with
 * `paragraphs`, its blocks apart by a blank line, its `<br>`s as line breaks, and its inline elements read as the
 * line they are in.
 */
export function htmlText(html: string, paragraphs = false): string {
  const out: string[] = [];
  const visit = (node: ChildNode) => {
    if (node.nodeName === '#text') {
      out.push((node as DefaultTreeAdapterTypes.TextNode).value);
      if (paragraphs) return;
    }
    if (HIDDEN.has(node.nodeName) || node.nodeName === '#comment') return;
    if ('childNodes' in node) for (const child of node.childNodes) visit(child);
    if (!paragraphs) out.push(' ');
    else
      out.push(
        BLOCKS.has(node.nodeName) ? '\n\n' : node.nodeName === 'br' ? '\n' : INLINE.has(node.nodeName) ? '' : ' ',
      );
  };
  for (const node of parseFragment(html).childNodes) visit(node);
  return out.join('');
}
