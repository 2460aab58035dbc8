import { createHash } from 'node:crypto';
import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import dockerfile from 'highlight.js/lib/languages/dockerfile';
import go from 'highlight.js/lib/languages/go';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import markdown from 'highlight.js/lib/languages/markdown';
import nginx from 'highlight.js/lib/languages/nginx';
import python from 'highlight.js/lib/languages/python';
import rust from 'highlight.js/lib/languages/rust';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';

// Code blocks highlighted on the server (issue 31), with highlight.js: a kept library, and the one that names the
// language itself (Ricos' CODE_BLOCK carries no language, so it is detected, unless the writer named one: a Markdown
// fence's, which the CLI keeps as the block's `codeBlockData.language`; Shiki cannot detect one). Its output
// is classes, not colours, so the light and dark themes are the site's CSS (rich-content.css) following its scheme,
// and no script goes to the browser. The markup is made compact (`compact`): a page carries it twice (its HTML and the
// RSC payload), and the post page sits just under the size past which it is served markedly slower
// (docs/benchmarks.md, "the 64 KB cliff"), so a token the themes colour gets a one-letter class and the rest no span.
// A block is highlighted once per text: the answers are kept by a hash of the code (the rendering bench renders the
// same corpus over and over; a page's code repeats on re-render), at most CACHE_SIZE of them.

const LANGUAGES = {
  bash,
  css,
  diff,
  dockerfile,
  go,
  java,
  javascript,
  json,
  markdown,
  nginx,
  python,
  rust,
  sql,
  typescript,
  xml,
  yaml,
};
for (const [name, language] of Object.entries(LANGUAGES)) hljs.registerLanguage(name, language);

/** The label a reader sees for each language. */
const NAMES: Record<string, string> = {
  bash: 'Shell',
  css: 'CSS',
  diff: 'Diff',
  dockerfile: 'Dockerfile',
  go: 'Go',
  java: 'Java',
  javascript: 'JavaScript',
  json: 'JSON',
  markdown: 'Markdown',
  nginx: 'nginx',
  python: 'Python',
  rust: 'Rust',
  sql: 'SQL',
  typescript: 'TypeScript',
  xml: 'HTML',
  yaml: 'YAML',
};

/** Below this relevance a guess is not shown: the block is plain text (a log, a table of figures). */
const MIN_RELEVANCE = 5;
/** Longer code is shown plain: detection tries every language, and a block this long is rare in a post. */
const MAX_LENGTH = 20_000;
const CACHE_SIZE = 500;

export interface Highlighted {
  /** The code as HTML: its text escaped, tokens in `hljs-*` spans. */
  html: string;
  /** The language's name for the label, or null when the code is shown as plain text. */
  language: string | null;
}

const cache = new Map<string, Highlighted>();

/** highlight.js's scopes the themes colour, each as the one-letter class rich-content.css colours. */
const SHORT: Record<string, string> = {
  keyword: 'k',
  'selector-tag': 'k',
  type: 'k',
  doctag: 'k',
  string: 's',
  regexp: 's',
  'template-tag': 's',
  'template-variable': 's',
  number: 'n',
  literal: 'n',
  meta: 'n',
  variable: 'n',
  'selector-id': 'n',
  'selector-class': 'n',
  title: 't',
  section: 't',
  comment: 'c',
  quote: 'c',
  name: 'g',
  'selector-pseudo': 'g',
  addition: 'g',
  attr: 'a',
  attribute: 'a',
  built_in: 'a',
  property: 'a',
  deletion: 'a',
};

/**
 * highlight.js's markup with a one-letter class per coloured token and no span for the rest. Its output holds only
 * `<span class="…">`, `</span>` and escaped text (a `<` in the code is `&lt;`), so splitting on the tags is exact.
 * Quotes need no escaping in element text: they are written as themselves.
 */
function compact(html: string): string {
  const out: string[] = [];
  const kept: boolean[] = [];
  for (const part of html.split(/(<span class="[^"]*">|<\/span>)/)) {
    if (part.startsWith('<span class="')) {
      const short = SHORT[/^<span class="hljs-([\w-]+)/.exec(part)?.[1] ?? ''];
      kept.push(Boolean(short));
      if (short) out.push(`<span class="${short}">`);
    } else if (part === '</span>') {
      if (kept.pop()) out.push('</span>');
    } else out.push(part.replace(/&#x27;/g, "'").replace(/&quot;/g, '"'));
  }
  return out.join('');
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Markup and style sheets, told apart before the guess: highlight.js's guess reads an <img> tag as Java. */
const MARKUP = /^\s*<(!--|!doctype|[a-z][\w-]*[\s>/])/i;
const STYLESHEET = /^\s*[@.#:a-z*[][^{;=()]*\{\s*(?:[a-z-]+\s*:[^;{}]+;?\s*|[^{}]*\{[^{}]*\}\s*)+\}/i;

/** The language to read `code` as: markup and style sheets by their shape, anything else by highlight.js's guess. */
function guess(code: string): { value: string; language?: string; sure: boolean; relevance: number } {
  if (MARKUP.test(code)) return { ...hljs.highlight(code, { language: 'xml' }), sure: true };
  if (STYLESHEET.test(code) && !/\b(function|const|let|return)\b|=>/.test(code)) {
    return { ...hljs.highlight(code, { language: 'css' }), sure: true };
  }
  return { ...hljs.highlightAuto(code, Object.keys(LANGUAGES)), sure: false };
}

/** highlight.js's name (or alias: `ts`, `sh`, `html`) of a language it has here, for a writer's fence; else null. */
function nameOf(named: string | undefined): string | null {
  const language = named ? hljs.getLanguage(named.trim().toLowerCase()) : undefined;
  if (!language) return null;
  return Object.keys(LANGUAGES).find((name) => hljs.getLanguage(name) === language) ?? null;
}

function detect(code: string, named: string | null): Highlighted {
  if (code.length > MAX_LENGTH) return { html: escape(code), language: null };
  // The language the writer named (a Markdown fence's, kept by the CLI as the block's `codeBlockData.language`).
  if (named) return { html: compact(hljs.highlight(code, { language: named }).value), language: NAMES[named] ?? named };
  const result = guess(code);
  if (!result.language || (!result.sure && result.relevance < MIN_RELEVANCE)) {
    return { html: escape(code), language: null };
  }
  return { html: compact(result.value), language: NAMES[result.language] ?? result.language };
}

/** The code highlighted, and the language it was read as: `language` where the writer named one this site has. */
export function highlight(code: string, language?: string): Highlighted {
  const named = nameOf(language);
  const key = createHash('sha1')
    .update(`${named ?? ''}\u0000${code}`)
    .digest('base64');
  const known = cache.get(key);
  if (known) {
    // Most recently used last: the oldest is the first to go.
    cache.delete(key);
    cache.set(key, known);
    return known;
  }
  const answer = detect(code, named);
  cache.set(key, answer);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return answer;
}
