// A one-page app of the project's own Next version, built and served by `npm run bench` as the throughput floor.
// It has no package.json: `next` resolves from the project's node_modules two folders up.
const floorConfig = {
  distDir: process.env.NEXT_DIST_DIR || '.next-floor',
  poweredByHeader: false,
};

export default floorConfig;
