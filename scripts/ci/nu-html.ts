// The Nu HTML Checker (vnu.jar, the W3C's validator, from the `vnu-jar` package) over the pages a reader and the owner
// open, as a running site serves them: prints each error with its page, line and message, and exits 1 when there is
// one. It needs Java (`java` on PATH), which CI's machine does not install; run it by hand against a running site:
//
//   npm run build:e2e && npx next start -p 3100   (with the browser tests' environment: playwright.config.ts), then
//   SESSION_SECRET=e2e-session-secret-that-is-long-enough-0123456789 npx tsx scripts/ci/nu-html.ts http://127.0.0.1:3100
//
// The owner's pages are asked with an owner session signed with SESSION_SECRET (the site's).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SESSION_COOKIE, signSession } from '../../lib/owner/tools';

const PAGES = [
  '/',
  '/page/2',
  '/post/welcome-to-the-render-path',
  '/post/every-block-our-editor-supports',
  '/post/streaming-server-rendering-in-plain-terms',
  '/categories/performance',
  '/tags/core-web-vitals',
  '/search?q=cache',
  '/es',
  '/signin',
  '/join',
  '/login',
  '/post/no-such-post',
];
const OWNER_PAGES = ['/dashboard', '/dashboard/settings', '/dashboard/analytics'];

interface Message {
  type: string;
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

async function main() {
  const base = (process.argv[2] ?? 'http://127.0.0.1:3100').replace(/\/+$/, '');
  const secret = process.env.SESSION_SECRET;
  const dir = mkdtempSync(path.join(tmpdir(), 'nu-html-'));
  const files = new Map<string, string>();
  try {
    for (const [i, page] of [...PAGES, ...(secret ? OWNER_PAGES : [])].entries()) {
      const owner = OWNER_PAGES.includes(page);
      const response = await fetch(`${base}${page}`, {
        headers: owner ? { cookie: `${SESSION_COOKIE}=${signSession(secret!).token}` } : {},
      });
      const file = path.join(dir, `${i}.html`);
      writeFileSync(file, await response.text());
      files.set(file, `${page} (${response.status})`);
    }
    const jar = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');
    let out = '';
    try {
      execFileSync('java', ['-jar', jar, '--format', 'json', '--errors-only', ...files.keys()], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch (error) {
      // vnu exits 1 when it found errors, and writes its JSON report to stderr.
      out = (error as { stderr?: string }).stderr ?? '';
      if (!out.trim().startsWith('{')) throw error;
    }
    const messages = out ? ((JSON.parse(out) as { messages: Message[] }).messages ?? []) : [];
    for (const m of messages) {
      const file = decodeURIComponent(new URL(m.url).pathname);
      console.log(`${files.get(file) ?? file}:${m.lastLine ?? '?'} ${m.type}: ${m.message}`);
      if (m.extract) console.log(`    ${m.extract.replace(/\s+/g, ' ').slice(0, 160)}`);
    }
    console.log(`nu-html: ${files.size} pages, ${messages.length} error${messages.length === 1 ? '' : 's'}`);
    process.exitCode = messages.length ? 1 : 0;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
