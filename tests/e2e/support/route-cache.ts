import { readFileSync } from 'node:fs';
import { expect } from '@playwright/test';
import { writeFileAtomic } from '../../../lib/core/files/atomic';
import type { ContentFolder } from '../../../scripts/blog/content-folder';
import { type ProbePost, servedAs } from '../../../scripts/blog/probe';

// Next keys a cached route handler's answer by path, not method: a POST (or PUT, OPTIONS...) that found the feed stale
// after an edit ran the route as that method, and its 405 was stored as the feed, for every later GET and across
// restarts (issue 42). What tests/e2e/route-cache.spec.ts and the cluster's test send and check.

const METHODS = ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'] as const;

export interface Cached {
  path: string;
  type: string;
  body: string;
}

/**
 * The route handlers the build cached (the prerender manifest's), the sitemap's parts where it is an index, and the
 * pages asked for (Next caches them by path too).
 */
export async function cachedRoutes(base: string, pages: readonly string[] = []): Promise<Cached[]> {
  const manifest = JSON.parse(readFileSync('.next-e2e/prerender-manifest.json', 'utf8')) as {
    routes: Record<string, { routeType?: string; initialStatus?: number }>;
  };
  const paths = Object.entries(manifest.routes)
    .filter(([, route]) => route.routeType === 'route' && (route.initialStatus ?? 200) === 200)
    .map(([path]) => path);
  const index = await (await fetch(`${base}/sitemap.xml`)).text();
  // Past 50,000 URLs the sitemap is an index of parts (/sitemaps/<n>.xml), each cached too.
  if (index.includes('<sitemapindex')) {
    for (const [, loc] of index.matchAll(/<loc>([^<]+)<\/loc>/g)) paths.push(new URL(loc!).pathname);
  }
  paths.push('/es/sitemap.xml', ...pages);
  const routes: Cached[] = [];
  for (const path of [...new Set(paths)]) {
    const answer = await fetch(`${base}${path}`);
    expect(answer.status, path).toBe(200);
    // Only what Next caches says so (a HIT or MISS); the rest renders per request and stores nothing.
    if (!answer.headers.get('x-nextjs-cache')) continue;
    routes.push({ path, type: answer.headers.get('content-type') ?? '', body: await answer.text() });
  }
  return routes;
}

export async function sendEveryMethod(base: string, routes: readonly Cached[], log: () => string = () => '') {
  for (const { path } of routes) {
    for (const method of METHODS) {
      const answer = await fetch(`${base}${path}`, {
        method,
        headers: method === 'HEAD' || method === 'OPTIONS' ? {} : { 'content-type': 'text/plain' },
        body: method === 'HEAD' || method === 'OPTIONS' ? undefined : 'x',
        // Next once left an OPTIONS on a stale route hanging (its 204 sent from a cached body): a hang is a failure.
        signal: AbortSignal.timeout(30_000),
      }).catch((error: unknown) => {
        throw new Error(`${method} ${path}: ${String(error)}\n${log()}`);
      });
      expect(answer.status, `${method} ${path}\n${log()}`).toBeLessThan(500);
      await answer.arrayBuffer();
    }
  }
}

export async function expectServed(base: string, routes: readonly Cached[], label: string) {
  for (const route of routes) {
    const answer = await fetch(`${base}${route.path}`);
    expect(answer.status, `GET ${route.path} on ${label}`).toBe(200);
    expect(answer.headers.get('content-type'), route.path).toBe(route.type);
    const body = await answer.text();
    // The feed and sitemaps hold the edit's date or title, the rest are the same bytes.
    expect(body.length, `GET ${route.path} on ${label}`).toBeGreaterThan(route.body.length / 2);
  }
}

/**
 * Edits the probe post's title in the site's folder and waits for the site to serve it: every content route is stale
 * after it.
 */
export async function edit(folder: ContentFolder, probe: ProbePost, url: string) {
  const post = { ...probe.post, title: `Route cache ${Date.now()}` };
  await writeFileAtomic(probe.file, `${JSON.stringify(post, null, 2)}\n`);
  await servedAs(url, post);
  return post.title;
}
