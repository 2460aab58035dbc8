// @ts-check
import { fileURLToPath } from 'node:url';

// Plain JavaScript, so `next start` reads it as it is. Next compiles a next.config.ts with SWC's native module inside
// the server, which then keeps the module and its two threads for as long as it runs: ~30 MiB of a warmed-up
// server's memory (docs/benchmarks.md, "Memory at 1,000 posts"). What needs the project's TypeScript (headers())
// runs only when the site is built or developed, and loads it with tsx, a development dependency like TypeScript.

/** A TypeScript module of the project, compiled as it loads (tsx). @param {string} specifier */
async function typescript(specifier) {
  const { tsImport } = await import('tsx/esm/api');
  return tsImport(specifier, import.meta.url);
}

/** @type {import('next').NextConfig} */
const nextConfig = {
  cacheComponents: true,
  partialPrefetching: true,
  // A path with a trailing slash is answered by the proxy (proxy.ts): an old blog's address in the redirects table
  // (WordPress's `/2019/05/slug/`) goes to its new page in one 301, anything else loses its slash (308), as Next's own
  // redirect would, which ran before the proxy and made every old address two hops.
  skipTrailingSlashRedirect: true,
  // The browser tests build into their own folder so they never overwrite the build `npm start` serves.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  // No ETag on pages: Next hashes the whole HTML in JavaScript on every request to make one (~200 µs of a ~1 ms
  // cached post page, a fifth of its throughput; see docs/benchmarks.md). A browser's repeat visit gets the page
  // again instead of a 304; a CDN or the nginx config in front caches it either way. /media sets its own ETags.
  generateEtags: false,
  reactStrictMode: true,
  // The types are checked once, by `npm run lint` (tsc --noEmit, which also covers tests and scripts), not by every
  // build: CI builds three times, and a newcomer's `npm start` waited ~75 s on 2 cores for a check that proves nothing
  // about serving the site.
  typescript: { ignoreBuildErrors: true },
  // PGlite (the embedded data service's database) loads its WebAssembly and data files from its own package folder.
  // Fedify and its Temporal polyfill are loaded from node_modules once per process: the federation is one per process
  // (lib/fediverse, a process singleton) while the instrumentation's bundle and each route's had a copy of the
  // classes of their own, so an activity made in one and signed by the other failed Fedify's `instanceof` checks
  // ("The proofs must be an array of type DataIntegrityProof | URL": a post published never reached its followers).
  serverExternalPackages: ['@electric-sql/pglite', '@fedify/fedify', '@js-temporal/polyfill'],
  experimental: {
    globalNotFound: true,
    // No Turbopack file-system cache for builds (Next 16's default is on): a build in CI or a newcomer's first
    // `npm start` never reads one, and writing it cost 11 s of a 78 s build (139 → 113 s of CPU, measured on 2 cores)
    // and 197 MB of disk. `next dev` keeps its own cache.
    turbopackFileSystemCacheForBuild: false,
    // One prerendering process. Post pages read their series from the embedded database in DATA_DIR, which one process
    // at a time may open (lib/data/folder-lock.ts): with several workers (default: a CPU count less one), post pages
    // split across two batches fail the build with DataFolderBusyError.
    cpus: 1,
  },
  // Next's file-system page cache, minus one disk entry per made-up URL (see the handler).
  cacheHandler: fileURLToPath(new URL('./lib/core/cache/page-cache-handler.mjs', import.meta.url)),
  // 'use cache': Next's in-memory handler, or with REDIS_URL the shared one (lib/core/cache/use-cache-handler.mjs).
  cacheHandlers: { default: fileURLToPath(new URL('./lib/core/cache/use-cache-handler.mjs', import.meta.url)) },
  // Security headers on every response; owner pages get their CSP (with a nonce) from proxy.ts.
  // Next calls headers() when it builds and in development, never in `next start`, which serves what the build wrote
  // into its routes manifest. A misconfigured environment stops the build here, naming the variable (and `next start`
  // in instrumentation.ts).
  async headers() {
    const [{ readConfig }, { securityHeaders }] = await Promise.all([
      typescript('./lib/core/config/index.ts'),
      typescript('./lib/core/security/headers.ts'),
    ]);
    const { https, development } = readConfig();
    return securityHeaders(https, development);
  },
  // Old Wix-hosted blog URLs keep working.
  async redirects() {
    return [
      { source: '/blog', destination: '/', permanent: true },
      { source: '/blog/page/:n', destination: '/page/:n', permanent: true },
      { source: '/blog/categories/:slug', destination: '/categories/:slug', permanent: true },
      { source: '/blog/tags/:slug', destination: '/tags/:slug', permanent: true },
      { source: '/blog/hashtags/:tag', destination: '/hashtags/:tag', permanent: true },
      { source: '/blog/post/:slug', destination: '/post/:slug', permanent: true },
    ];
  },
};

export default nextConfig;
