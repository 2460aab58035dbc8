import { execFile } from 'node:child_process';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { fmtInt, row, type Row } from './support/table';

// Figure 4, rendering: rich-content nodes rendered per second on the server, renderToString of RichContent (the
// component post pages use) over the demo corpus (content/posts, every post's document in turn) and over one
// generated document of 5,000 nodes (the corpus's blocks repeated, ids made unique). A node is every object of the
// tree: blocks, list items, table cells and text leaves alike. It runs in a child process with NODE_ENV=production,
// so React's production build renders, as in `next start`.

const TARGET = 60_000;
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

type Node = { id?: string; nodes?: Node[] } & Record<string, unknown>;

const countNodes = (nodes: Node[] | undefined): number =>
  (nodes ?? []).reduce((n, node) => n + 1 + countNodes(node.nodes), 0);

function relabel(node: Node, suffix: string): Node {
  return {
    ...node,
    ...(typeof node.id === 'string' && node.id && { id: `${node.id}-${suffix}` }),
    nodes: node.nodes?.map((n) => relabel(n, suffix)),
  };
}

async function corpus(): Promise<Node[][]> {
  const dir = path.join(ROOT, 'content/posts');
  const files = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort();
  const docs = await Promise.all(
    files.map(
      async (f) =>
        (JSON.parse(await readFile(path.join(dir, f), 'utf8')) as { richContent?: { nodes?: Node[] } }).richContent
          ?.nodes ?? [],
    ),
  );
  return docs.filter((d) => d.length);
}

/** Root blocks taken from the corpus in turn until the document holds at least `size` nodes. */
function bigDocument(docs: Node[][], size: number): Node[] {
  const blocks = docs.flat();
  const out: Node[] = [];
  let count = 0;
  for (let i = 0; count < size; i++) {
    const block = relabel(blocks[i % blocks.length]!, `g${i}`);
    out.push(block);
    count += 1 + countNodes(block.nodes);
  }
  return out;
}

interface Measure {
  nodes: number;
  documents: number;
  seconds: number;
  nodesPerSecond: number;
  htmlBytes: number;
}

async function child(seconds: number): Promise<{ corpus: Measure; big: Measure }> {
  const { createElement } = await import('react');
  const { renderToString } = await import('react-dom/server');
  const { RichContent } = await import('../../components/rich-content/rich-content');
  const docs = await corpus();
  const big = [bigDocument(docs, 5000)];

  const measure = (set: Node[][]): Measure => {
    const nodes = set.reduce((n, d) => n + countNodes(d), 0);
    const pass = () =>
      set.reduce((bytes, d) => bytes + renderToString(createElement(RichContent, { content: { nodes: d } })).length, 0);
    let htmlBytes = 0;
    for (const until = performance.now() + Math.min(1000, seconds * 300); performance.now() < until;)
      htmlBytes = pass(); // warm-up
    let passes = 0;
    const began = performance.now();
    while (performance.now() - began < seconds * 1000 || passes < 3) {
      pass();
      passes++;
    }
    const elapsed = (performance.now() - began) / 1000;
    return { nodes, documents: set.length, seconds: elapsed, nodesPerSecond: (nodes * passes) / elapsed, htmlBytes };
  };
  return { corpus: measure(docs), big: measure(big) };
}

export async function benchRendering(seconds: number, log: (line: string) => void = console.log): Promise<Row[]> {
  const tsx = path.join(ROOT, 'node_modules/.bin/tsx');
  const { stdout } = await promisify(execFile)(tsx, [fileURLToPath(import.meta.url), '--child', String(seconds)], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production' },
    maxBuffer: 16 * 1024 * 1024,
  });
  const result = JSON.parse(stdout.trim().split('\n').at(-1)!) as { corpus: Measure; big: Measure };
  const line = (label: string, m: Measure) =>
    `${fmtInt(m.nodesPerSecond)} nodes/s (${fmtInt(m.nodes)} nodes in ${m.documents} document${m.documents === 1 ? '' : 's'}, ${(m.htmlBytes / 1024).toFixed(0)} KiB of HTML a pass)`;
  log(`  demo corpus: ${line('corpus', result.corpus)}`);
  log(`  generated document: ${line('big', result.big)}`);
  return [
    row(
      '4',
      `RichContent renderToString, demo corpus (${result.corpus.documents} posts)`,
      `≥ ${fmtInt(TARGET)} nodes/s`,
      line('corpus', result.corpus),
      result.corpus.nodesPerSecond >= TARGET,
    ),
    row(
      '4',
      `RichContent renderToString, one ${fmtInt(result.big.nodes)}-node document`,
      `≥ ${fmtInt(TARGET)} nodes/s`,
      line('big', result.big),
      result.big.nodesPerSecond >= TARGET,
    ),
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  if (process.argv[2] === '--child') {
    console.log(JSON.stringify(await child(Number(process.argv[3] ?? 2))));
  } else {
    for (const r of await benchRendering(Number(process.argv[2] ?? 2))) console.log(`${r.figure}: ${r.measured}`);
  }
}
