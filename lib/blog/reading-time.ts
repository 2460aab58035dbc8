// A post's plain text and reading time from its rich content: what the CLI, the content builders and the owner's desk
// store beside a post's body (`contentText`, `minutesToRead`), as Wix stores them.

interface TextNode {
  type: string;
  nodes?: readonly unknown[];
  textData?: unknown;
}

/** The text of a document, one line per block that holds text. */
export function plainText(nodes: readonly TextNode[]): string {
  const lines: string[] = [];
  const visit = (node: TextNode) => {
    const children = (node.nodes ?? []) as TextNode[];
    const texts = children.filter((child) => child.type === 'TEXT');
    if (texts.length > 0) lines.push(texts.map((child) => (child.textData as { text: string }).text).join(''));
    children.filter((child) => child.type !== 'TEXT').forEach(visit);
  };
  nodes.forEach(visit);
  return lines.filter((line) => line.trim() !== '').join('\n');
}

export const countWords = (text: string): number => text.split(/\s+/).filter(Boolean).length;

/** Minutes at 200 words a minute, rounded up. */
export const minutesToRead = (text: string): number => Math.max(1, Math.ceil(countWords(text) / 200));
