import next from 'eslint-config-next';
import nextTypescript from 'eslint-config-next/typescript';
import prettier from 'eslint-config-prettier/flat';
import boundaries from 'eslint-plugin-boundaries';

// The layers of docs/architecture.md, as rules. A file belongs to the first element whose pattern matches it; an
// import is allowed only when a policy below allows it. `npm run lint` runs in `npm test`, so a change that breaks
// a layer fails the build (tests/lint.test.ts proves each rule bites on a fixture).

/** Each layer of the app and what it may import. Order matters: the first matching pattern classifies a file. */
export const LAYERS = [
  { type: 'app', pattern: 'app/**', partialMatch: false },
  { type: 'components', pattern: 'components/**', partialMatch: false },
  { type: 'api', pattern: 'lib/api/**', partialMatch: false },
  { type: 'webhooks', pattern: 'lib/webhooks/**', partialMatch: false },
  { type: 'auth', pattern: 'lib/auth/**', partialMatch: false },
  { type: 'seo', pattern: 'lib/seo/**', partialMatch: false },
  { type: 'pages', pattern: 'lib/pages/**', partialMatch: false },
  { type: 'dashboard', pattern: 'lib/dashboard/**', partialMatch: false },
  { type: 'data', pattern: 'lib/data/**', partialMatch: false },
  { type: 'newsletter', pattern: 'lib/newsletter/**', partialMatch: false },
  { type: 'members', pattern: 'lib/members/**', partialMatch: false },
  { type: 'likes', pattern: 'lib/likes/**', partialMatch: false },
  { type: 'comments', pattern: 'lib/comments/**', partialMatch: false },
  { type: 'mail', pattern: 'lib/mail/**', partialMatch: false },
  { type: 'reads', pattern: 'lib/blog/reads/**', partialMatch: false },
  { type: 'sources', pattern: 'lib/blog/sources/**', partialMatch: false },
  { type: 'blog', pattern: 'lib/blog/**', partialMatch: false },
  { type: 'config', pattern: 'lib/config/**', partialMatch: false },
  { type: 'base', pattern: 'lib/**', partialMatch: false },
];

const may = (from, to) => ({ from: { element: { type: from } }, allow: { to: { element: { types: { anyOf: to } } } } });

/** Who may import whom. Everything not listed is refused. */
const POLICIES = [
  // Routes compose: pages render components with what the reads give; handlers parse with lib/api.
  may('app', [
    'app',
    'components',
    'api',
    'webhooks',
    'auth',
    'seo',
    'pages',
    'dashboard',
    'data',
    'newsletter',
    'members',
    'likes',
    'comments',
    'mail',
    'reads',
    'blog',
    'config',
    'base',
  ]),
  // Components are presentational: they never fetch (no reads, no source, no config) and hold no secrets.
  may('components', ['components', 'blog', 'dashboard', 'base']),
  // ...but may name the types of what the pages, the owner's login and the members' service hand them.
  {
    from: { element: { type: 'components' } },
    allow: {
      to: { element: { types: { anyOf: ['pages', 'auth', 'members', 'comments'] } } },
      dependency: { kind: 'type' },
    },
  },
  // lib never imports app or components; each part only what lies below it.
  may('api', ['api', 'auth', 'members', 'data', 'blog', 'config', 'base']),
  may('webhooks', ['webhooks', 'sources', 'blog', 'config', 'base']),
  may('auth', ['auth', 'config', 'base']),
  may('seo', ['seo', 'reads', 'blog', 'config', 'base']),
  // Page view-models: what a page shows, read through the cached reads.
  may('pages', ['pages', 'dashboard', 'data', 'comments', 'reads', 'blog', 'config', 'base']),
  // The data-collection service: its own storage (embedded or Wix Data). The query language it shares with the blog
  // is lib/query (base), so it needs nothing of the blog.
  may('data', ['data', 'config', 'base']),
  // Features built on the data service.
  may('newsletter', ['newsletter', 'data', 'mail', 'config', 'base']),
  // The members' identity service: members stored through the data service, their mail through lib/mail. Not the
  // owner's login (lib/auth): both sign their tokens with lib/security/signed-token.ts.
  may('members', ['members', 'data', 'mail', 'config', 'base']),
  // Likes on posts: the members' identity (who likes), the data service (local likes), the webhook path (the local
  // platform's like events), Wix's Likes API through lib/wix (base).
  may('likes', ['likes', 'members', 'data', 'webhooks', 'config', 'base']),
  // Comments on posts: the same as likes (the local platform's comment events go through the webhook path).
  may('comments', ['comments', 'members', 'data', 'webhooks', 'config', 'base']),
  // Outgoing mail: SMTP, or .eml files in an outbox folder.
  may('mail', ['mail', 'config', 'base']),
  may('dashboard', ['dashboard', 'blog', 'base']),
  // lib/blog/reads is the one module that caches and tags; it alone calls the source (the webhook refreshes it).
  may('reads', ['reads', 'sources', 'data', 'comments', 'likes', 'blog', 'config', 'base']),
  may('sources', ['sources', 'blog', 'config', 'base']),
  may('blog', ['blog', 'config', 'base']),
  may('config', []),
  may('base', ['base', 'config']),
];

const SOURCE = ['app/**', 'components/**', 'lib/**', 'proxy.ts', 'instrumentation.ts'];

const CACHE_ONLY_IN_READS = {
  name: 'next/cache',
  importNames: ['cacheLife', 'cacheTag'],
  message: 'Only lib/blog/reads caches and tags.',
};

const config = [
  {
    ignores: [
      '.next/**',
      '.next-*/**',
      '.e2e/**',
      'content/**',
      'coverage/**',
      'node_modules/**',
      'playwright-report/**',
      'test-results/**',
      'scripts/bench/floor/.next-floor/**',
      'next-env.d.ts',
    ],
  },
  ...next,
  ...nextTypescript,
  prettier,
  {
    rules: {
      // Unused bindings are mistakes, except a deliberately ignored one spelled with a leading underscore.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      // Rich content and cards render images the source already sized and resized (lib/blog/media.ts gives
      // srcset and dimensions, Wix's CDN resizes): next/image would fetch each through the server once more.
      '@next/next/no-img-element': 'off',
      // Prettier keeps code to 120 columns; comments too, here. Strings, templates, regexes and URLs may run on: a
      // message or a pattern reads better whole than broken across a '+'.
      'max-len': [
        'error',
        {
          code: 120,
          tabWidth: 2,
          ignoreUrls: true,
          ignoreStrings: true,
          ignoreTemplateLiterals: true,
          ignoreRegExpLiterals: true,
        },
      ],
      // A Pages Router rule: App Router root layouts write their own <head> (site-shell.tsx's current-category style).
      '@next/next/no-head-element': 'off',
    },
  },
  {
    files: SOURCE,
    plugins: { boundaries },
    settings: {
      'boundaries/elements': LAYERS,
      'boundaries/include': SOURCE,
      'import/resolver': { typescript: { alwaysTryTypes: true, project: './tsconfig.json' } },
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'disallow', policies: POLICIES }],
      // The environment is read once, in lib/config.ts.
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through config() from lib/config.ts.' },
      ],
      // Only lib/blog/reads caches and tags.
      'no-restricted-syntax': [
        'error',
        {
          selector: "ExpressionStatement[directive='use cache']",
          message: "Only lib/blog/reads holds 'use cache' functions.",
        },
      ],
      'no-restricted-imports': ['error', { paths: [CACHE_ONLY_IN_READS] }],
    },
  },
  {
    // The root files the boundaries plugin cannot classify (its elements are folders): the proxy runs before every
    // owner page and stays small; it renders nothing and reads no content.
    files: ['proxy.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [CACHE_ONLY_IN_READS],
          patterns: [
            {
              group: [
                '**/components/**',
                '**/app/**',
                '**/lib/blog/reads',
                '**/lib/blog/reads/**',
                '**/lib/blog/sources/**',
              ],
              message: 'proxy.ts decides on the request alone: no components, pages, reads or sources.',
            },
          ],
        },
      ],
    },
  },
  {
    // lib/config reads the environment; instrumentation.ts asks Next which runtime loads it (NEXT_RUNTIME is
    // Next's own, set per bundle, not configuration).
    files: ['lib/config/**', 'instrumentation.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['lib/blog/reads/**'],
    rules: { 'no-restricted-syntax': 'off', 'no-restricted-imports': 'off' },
  },
  {
    // The cache handlers are plain modules Next loads at run time, outside the app's bundles: they cannot import
    // lib/config (TypeScript). They read REDIS_URL (checked by lib/config when next.config loads, so a malformed one
    // stops the server first), and Next's own NEXT_PHASE and NEXT_DIST_DIR.
    files: ['lib/cache/*.mjs'],
    rules: { 'no-restricted-properties': 'off' },
  },
];

export default config;
