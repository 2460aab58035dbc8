import { fileURLToPath } from 'node:url';

// A one-page app of the project's own Next version, built and served by `npm run bench` as the throughput floor.
// It has no package.json: `next` resolves from the project's node_modules two folders up, which is why Turbopack's
// root (and file tracing's) is the project root, not this folder.
const projectRoot = fileURLToPath(new URL('../../..', import.meta.url));

export default {
  distDir: process.env.NEXT_DIST_DIR || '.next-floor',
  poweredByHeader: false,
};
