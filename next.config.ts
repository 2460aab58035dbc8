import { fileURLToPath } from 'node:url';
import type { NextConfig } from 'next';
import { readConfig } from './lib/core/config/index';
import { securityHeaders } from './lib/core/security/headers';

const nextConfig: NextConfig = {
  cacheComponents: true,
  partialPrefetching: true,
  // The browser tests build into their own folder so they never overwrite the build `npm start` serves.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  // No ETag on pages: Next hashes the whole HTML in JavaScript on every request to make one (~200 µs of a ~1 ms
  // cached post page, a fifth of its throughput; see docs/benchmarks.md). A browser's repeat visit gets the page
  // again instead of a 304; a CDN or the nginx config in front caches it either way. /media sets its own ETags.
  generateEtags: false,
  reactStrictMode: true,
  // PGlite (the embedded data service's database) loads its WebAssembly and data files from its own package folder.
  serverExternalPackages: ['@electric-sql/pglite'],
  experimental: {
    globalNotFound: true,
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
  // A misconfigured environment stops the build or the server here, naming the variable.
  async headers() {
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
