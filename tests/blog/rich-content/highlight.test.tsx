import { describe, expect, it } from 'vitest';
import { highlight } from '@/components/rich-content/highlight';
import { renderNodes, text } from './helpers';

// Code blocks highlighted on the server (issue 31): the language read from the code itself (Ricos' CODE_BLOCK names
// none), the text kept exactly and escaped, classes only (the themes are CSS), plain text when nothing fits.

const codeBlock = (code: string) => ({ type: 'CODE_BLOCK', id: 'c', nodes: [text(code)], codeBlockData: {} });
const plain = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');

describe('code highlighting', () => {
  it('names the language of the demo’s kinds of code, markup and style sheets included', () => {
    const samples: Array<[string, string | null]> = [
      ['<img\n  src="/media/hero-800.png"\n  alt="A hero"\n  width="1200" height="630">', 'HTML'],
      ['<!-- First screen -->\n<link rel="preload" href="/fonts/body.woff2" as="font">', 'HTML'],
      ['.post-card {\n  content-visibility: auto;\n  contain-intrinsic-size: auto 600px;\n}', 'CSS'],
      ['@view-transition {\n  navigation: auto;\n}', 'CSS'],
      [
        'const runs = 7;\nconst base = median(await measure(main, runs));\nif (base > 1) fail(`slow: ${base}`);',
        'JavaScript',
      ],
      ['export function greet(name: string): string {\n  return `Hello, ${name}`;\n}', 'TypeScript'],
      [
        'class Queue:\n    def __init__(self):\n        self.items = []\n\n    def push(self, item):\n' +
          '        self.items.append(item)\n        print(f"{len(self.items)} queued")',
        'Python',
      ],
      // Too short to tell (highlight.js's guess is weak below a few lines): plain, unlabelled, rather than mislabelled.
      ['if (a < b) {\n  run();\n}', null],
      ['12 posts, 3 drafts', null],
    ];
    expect(samples.map(([code]) => highlight(code).language)).toEqual(samples.map(([, language]) => language));
  });

  it('reads the code as the language its writer named (a Markdown fence’s, by name or alias), else guesses', () => {
    // A line any language could be: guessed, it is plain text; named, it is that language.
    const code = 'let total = a + b';
    expect(highlight(code).language).not.toBe('Rust');
    expect(highlight(code, 'rust').language).toBe('Rust');
    expect(highlight(code, 'ts').language).toBe('TypeScript');
    expect(highlight('echo "$HOME"', 'sh').language).toBe('Shell');
    // A language this site has not: guessed as before.
    expect(highlight(code, 'cobol')).toEqual(highlight(code));
    const named = renderNodes({ ...codeBlock(code), codeBlockData: { language: 'rust' } });
    expect(named).toContain('<span class="rc-code__lang">Rust</span>');
  });

  it('keeps the text exactly, escaped, in classes only: no colour, no script', () => {
    const code = 'const tag = "<script>alert(1)</script>";\nexport const a = b < c && d > e;\nfunction f() {}';
    const { html } = highlight(code);
    expect(plain(html)).toBe(code);
    expect(html).not.toContain('<script');
    expect(html).not.toMatch(/style=/);
    // A one-letter class per coloured token (rich-content.css), nothing else.
    expect(html).toContain('<span class="k">const</span>');
    expect([...html.matchAll(/class="([^"]*)"/g)].every(([, c]) => /^[ksntcga]$/.test(c!))).toBe(true);
  });

  it('answers the same block once, however often it is rendered', () => {
    const code = 'export const answer = 42;';
    expect(highlight(code)).toBe(highlight(code));
  });

  it('renders plain text without a label when no language fits, and selectable without JavaScript', () => {
    const html = renderNodes(codeBlock('12 posts, 3 drafts'));
    expect(html).not.toContain('rc-code__lang');
    expect(html).toContain('<code class="hljs">12 posts, 3 drafts</code>');
    // "Copy" is an island shown only once it can work: nothing of it in the server's HTML.
    expect(html).not.toContain('Copy');
  });
});
