import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('.', import.meta.url)) } },
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    globalSetup: ['tests/global-setup.ts'],
    setupFiles: ['tests/setup.ts'],
    restoreMocks: true,
    // Three files at a time. Vitest's default is one fewer than the cores: on CI's 2 cores, one, and most files wait on
    // a database, a queue or a socket rather than the CPU. Measured on 2 cores: 6 min 10 s with 2 against 8 min 18 s
    // with 1; then, the suite grown, 179 s with 3 against 208 s with 2 (1.8 cores busy against 1.6).
    maxWorkers: 3,
    // Files share their worker's process: node_modules (Next, the Wix SDK, PGlite, React Email) load once per worker,
    // not once per file, and tests/setup.ts starts each file on fresh project modules, its own environment and no
    // process singleton left from the file before. Measured on 2 cores, the whole suite: 472 s of wall time with 212 s
    // of imports isolated, against 239 s with 30 s.
    isolate: false,
    // Many tests open a new in-memory database on their first call (PGlite's initdb: 1.5-3 s, more with the other
    // worker busy), which counts against the test: at vitest's default 5 s, .ci/run timed out on one of them. A test
    // that hangs still fails, after 20 s.
    testTimeout: 20_000,
    // The same for hooks: a file's first beforeEach often opens its database (initdb, then the data's migrations), and
    // vitest's 10 s default for hooks failed tests/members/local.test.ts in .ci/run at 14 s. A hung hook still fails.
    hookTimeout: 30_000,
  },
});
