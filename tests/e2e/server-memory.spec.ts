import { readFileSync, readdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { type SiteProcess, newDataFolder, startSite } from './support/site-process';

// `next start` runs no compiler (issue 33). With a next.config.ts, Next compiled it at every start with SWC's native
// module, which the server then kept mapped (26 MiB) with its two tokio threads and their malloc arenas for as long as
// it ran: ~30 MiB of a warmed-up server at 1,000 posts (docs/benchmarks.md, "Memory at 1,000 posts").

let site: SiteProcess | undefined;
test.afterEach(async () => {
  await site?.stop();
  site = undefined;
});

test('the server maps no SWC binary and runs no tokio threads, started and after serving pages', async () => {
  test.skip(process.platform !== 'linux', 'reads /proc');
  await newDataFolder('.e2e/server-memory');
  site = await startSite({ BLOG_CONTENT_DIR: '.e2e/content', DATA_DIR: '.e2e/server-memory' });
  const pid = site.process.pid!;
  const compiler = () => {
    const maps = readFileSync(`/proc/${pid}/maps`, 'utf8');
    const threads = readdirSync(`/proc/${pid}/task`).map((t) => readFileSync(`/proc/${pid}/task/${t}/comm`, 'utf8'));
    return {
      swc: maps.split('\n').filter((line) => /next-swc|@next\/swc/.test(line)).length,
      tokio: threads.filter((name) => name.startsWith('tokio')).length,
    };
  };
  expect(compiler()).toEqual({ swc: 0, tokio: 0 });
  for (const path of ['/', '/search?q=cache', '/feed.xml', '/api/posts']) {
    expect((await fetch(site.url + path)).status, path).toBe(200);
  }
  const post = (await (await fetch(`${site.url}/api/posts?paging.limit=1`)).json()) as { posts: { slug: string }[] };
  const page = await fetch(`${site.url}/post/${post.posts[0]!.slug}`);
  expect(page.status).toBe(200);
  // The security headers the build wrote (next.config's headers() runs only in the build).
  expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
  expect(compiler()).toEqual({ swc: 0, tokio: 0 });
});
