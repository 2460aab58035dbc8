import next from 'eslint-config-next';
import nextTypescript from 'eslint-config-next/typescript';
import prettier from 'eslint-config-prettier/flat';
import boundaries from 'eslint-plugin-boundaries';

// The layers of docs/architecture.md, as rules. A file belongs to the first element whose pattern matches it; an
// import is allowed only when a policy below allows it. `npm run lint` runs in `npm test`, so a change that breaks
// a layer fails the build (tests/lint.test.ts proves each rule bites on a fixture).

/** Each layer of the app and what it may import. Order matters: the first matching pattern classifies a file. */
/** The features (docs/architecture.md, "The house"): each a folder of lib/, one element each. */
export const FEATURES = [
  'blog',
  'data',
  'members',
  'comments',
  'likes',
  'newsletter',
  'series',
  'reading-list',
  'views',
  'owner',
  'plans',
  'ratings',
  'polls',
  'schedule',
  'writers',
  'analytics',
  'settings',
  'transfer',
  'fediverse',
];

/**
 * What other code may import of a feature: its wiring (index.ts), its port (types.ts), its cached reads (reads.ts, or
 * reads/index.ts) and its view (view.ts: what pages and components show of it). Everything else is the feature's own.
 */
const SURFACE = ['index.ts', 'types.ts', 'reads.ts', 'reads/index.ts', 'view.ts'];
/**
 * What a script (scripts/) may import of a feature beyond its surface: the feature's tools.ts, its door for the
 * repository's tools (issue 43). A tool puts together outside the server what index.ts wires once per process (a
 * backend opened on DATA_DIR, a data client over it, the migrations, the content folder's writer, a session signed as
 * the login signs it): it needs the pieces, not the wiring, and should not load the wiring to name one (an index brings
 * the job queue, next/headers, the platform's choice). One file per feature, named alike everywhere, re-exports
 * exactly those pieces: what scripts hold of a feature is listed beside it and reviewed as a door, and the rest stays
 * the feature's own. Not in SURFACE: the server's code (app, components, lib) never opens it (a route that opened a
 * second embedded database beside the wired one would be a bug).
 */
const TOOLS = 'tools.ts';
/** A feature's storage adapters: the local and the Wix one, a file or a folder each. */
const ADAPTERS = ['local.ts', 'local/**', 'wix.ts', 'wix/**'];

/** Each element of the app and what it may import. Order matters: the first matching pattern classifies a file. */
export const LAYERS = [
  { type: 'app', pattern: 'app/**', partialMatch: false },
  { type: 'components', pattern: 'components/**', partialMatch: false },
  // The edges: HTTP in and out of the features.
  { type: 'api', pattern: 'lib/edge/api/**', partialMatch: false },
  { type: 'webhooks', pattern: 'lib/edge/webhooks/**', partialMatch: false },
  { type: 'seo', pattern: 'lib/edge/seo/**', partialMatch: false },
  { type: 'pages', pattern: 'lib/edge/pages/**', partialMatch: false },
  { type: 'dashboard', pattern: 'lib/edge/dashboard/**', partialMatch: false },
  // One element per feature (a folder: what lies inside it is the element's own).
  ...FEATURES.map((feature) => ({ type: feature, pattern: `lib/${feature}`, partialMatch: true })),
  { type: 'wix', pattern: 'lib/wix', partialMatch: true },
  { type: 'config', pattern: 'lib/core/config', partialMatch: true },
  { type: 'core', pattern: 'lib/core', partialMatch: true },
  // The switchboard: which implementation serves each feature.
  { type: 'platform', pattern: 'lib/platform', partialMatch: true },
  // The repository's own programs (scripts/): the blog CLI (`npm run blog`, the owner's hand on the local platform),
  // and the tooling around the site (benchmarks, CI, the content builders, the Wix stand-in, the test mail server).
  { type: 'cli', pattern: 'scripts/blog/**', partialMatch: false },
  { type: 'tooling', pattern: 'scripts/**', partialMatch: false },
];
const SCRIPTS = ['cli', 'tooling'];

const may = (from, to) => ({ from: { element: { type: from } }, allow: { to: { element: { types: { anyOf: to } } } } });
const BASE = ['core', 'config', 'wix'];

/** Who may import whom. Everything not listed is refused; a later policy overrides an earlier one. */
const POLICIES = [
  // Routes compose: pages render components with what the features' reads give; handlers parse with lib/edge/api.
  may('app', ['app', 'components', 'api', 'webhooks', 'seo', 'pages', 'dashboard', ...FEATURES, 'platform', ...BASE]),
  // Components are presentational: they never fetch (no reads, no configuration) and hold no secrets. They may show
  // a feature's view (blog/view.ts: how an image resolves) and name its types.
  may('components', ['components', 'dashboard', 'core']),
  {
    from: { element: { type: 'components' } },
    allow: { to: { element: { types: { anyOf: FEATURES }, fileInternalPath: 'view.ts' } } },
  },
  {
    from: { element: { type: 'components' } },
    allow: { to: { element: { types: { anyOf: [...FEATURES, 'pages'] } } }, dependency: { kind: 'type' } },
  },
  // The edges: the JSON API and the webhook reach the features; SEO and page view-models read through their reads.
  may('api', ['api', ...FEATURES, 'platform', ...BASE]),
  may('webhooks', ['webhooks', 'blog', 'comments', 'platform', ...BASE]),
  may('seo', ['seo', 'blog', ...BASE]),
  may('pages', ['pages', 'dashboard', ...FEATURES, ...BASE]),
  may('dashboard', ['dashboard', 'blog', 'core']),
  // The features, each over the base, and those it is built on.
  may('blog', ['blog', 'platform', ...BASE]),
  may('data', ['data', 'platform', ...BASE]),
  may('series', ['series', 'data', 'blog', ...BASE]),
  may('reading-list', ['reading-list', 'data', 'blog', ...BASE]),
  may('owner', ['owner', ...BASE]),
  may('newsletter', ['newsletter', 'data', 'blog', 'settings', 'platform', ...BASE]),
  may('members', ['members', 'data', 'platform', ...BASE]),
  may('views', ['views', 'data', 'platform', ...BASE]),
  may('likes', ['likes', 'blog', 'members', 'data', 'platform', ...BASE]),
  may('comments', ['comments', 'blog', 'members', 'data', 'platform', ...BASE]),
  may('plans', ['plans', 'blog', 'members', 'data', 'platform', ...BASE]),
  may('ratings', ['ratings', 'blog', 'members', 'data', ...BASE]),
  may('polls', ['polls', 'blog', 'members', 'data', ...BASE]),
  may('schedule', ['schedule', 'blog', 'data', ...BASE]),
  may('writers', ['writers', 'data', ...BASE]),
  may('analytics', ['analytics', 'data', ...BASE]),
  may('settings', ['settings', 'data', ...BASE]),
  // Moving a blog in and out: the importers and exporters write and read the content and the records they are handed
  // (the server's own, index.ts; the CLI's, which it opens), so they take the other features' pieces through their
  // TOOLS (below) as a script does, and never open a store themselves.
  // The blog on the fediverse: its actor's profile is the site's settings; its followers and keys in the records.
  may('fediverse', ['fediverse', 'settings', 'data', 'blog', 'comments', 'platform', ...BASE]),
  may('transfer', [
    'transfer',
    'blog',
    'comments',
    'members',
    'newsletter',
    'plans',
    'settings',
    'data',
    'platform',
    ...BASE,
  ]),
  // The scripts, each a process of its own. The CLI edits the content folder and the site's records, tells the site
  // what changed as Wix would (lib/edge/webhooks: the signing key and the envelope) and asks the switchboard which
  // platform the environment it was given names (servedBy(feature, readConfig(io.env))); it shares the Ricos builders
  // of scripts/content. The tooling drives the CLI, and renders components (the rendering benchmark). Neither reaches
  // a route, the JSON API's edge or a page's view-model: what a page shows, a script asks the running site for. Both
  // reach a feature only through its surface or its TOOLS (the two rules below).
  may('cli', ['cli', 'tooling', 'webhooks', ...FEATURES, 'platform', ...BASE]),
  may('tooling', ['tooling', 'cli', 'components', 'webhooks', ...FEATURES, ...BASE]),
  // A feature's storage adapters are thin: the base, Wix's client and their own feature; of another feature, types.
  {
    from: { element: { types: { anyOf: FEATURES }, fileInternalPath: ADAPTERS } },
    disallow: {
      to: [
        { element: { types: { anyOf: FEATURES }, fileInternalPath: '!types.ts' } },
        { element: { types: 'platform' } },
      ],
      dependency: { kind: 'value' },
    },
    message: 'A storage adapter imports only lib/core, lib/wix and its own feature (of another feature, its types.ts).',
  },
  // Another element reaches a feature only through its surface (SURFACE): never its adapters or internals. (What a
  // feature imports of itself is not checked: the plugin skips dependencies inside one element.)
  {
    from: { element: { types: '*' } },
    disallow: {
      to: { element: { types: { anyOf: FEATURES }, fileInternalPath: `!{${SURFACE.join(',')}}` } },
    },
    message:
      'Import a feature through its index.ts, types.ts, reads.ts or view.ts (a script, also its tools.ts), not its ' +
      'internals.',
  },
  // A script also through the feature's TOOLS (its door for scripts/, above); nothing else past the surface.
  {
    from: { element: { types: { anyOf: [...SCRIPTS, 'transfer'] } } },
    allow: { to: { element: { types: { anyOf: FEATURES }, fileInternalPath: TOOLS } } },
  },
  // Routes and the edges read the blog through its cached reads, never its source (the features built on posts do).
  {
    from: { element: { types: { anyOf: ['app', 'components', 'api', 'webhooks', 'seo', 'pages', 'dashboard'] } } },
    disallow: {
      to: { element: { types: 'blog' } },
      dependency: { specifiers: ['blogSource', 'wholePost', 'memberWholePost'] },
    },
    message:
      'Read the blog through lib/blog/reads (cached, tagged), never its source; a paid text only through lib/plans.',
  },
  may('platform', ['config']),
  may('wix', ['wix', 'core', 'config']),
  may('config', ['config', 'platform']),
  may('core', ['core', 'config']),
];

const SOURCE = ['app/**', 'components/**', 'lib/**', 'proxy.ts', 'instrumentation.ts', 'scripts/**'];

const CACHE_ONLY_IN_READS = {
  name: 'next/cache',
  importNames: ['cacheLife', 'cacheTag'],
  message: "Only a feature's reads.ts (or reads/) caches and tags.",
};
/** Every write ends in publish(event): the bus's cache subscriber alone clears a cache tag. */
const CLEAR_ONLY_BY_INVALIDATE = {
  name: 'next/cache',
  importNames: ['revalidateTag', 'updateTag', 'revalidatePath'],
  message:
    'A write refreshes pages by publishing its event (lib/core/events/bus.ts publish): the cache subscriber ' +
    '(lib/core/cache/clear.ts) clears the tags, after the subscribers registry.ts lists before it.',
};
const USE_CACHE_ONLY_IN_READS = {
  selector: "ExpressionStatement[directive='use cache']",
  message: "Only a feature's reads.ts (or reads/) holds 'use cache' functions.",
};
/** The platform's decision is read in lib/platform only: features build with serve() and ask servedBy(). */
const PLATFORM_CHOSEN_ONCE = {
  selector: [
    "MemberExpression[property.name='platform']:not([object.name='process'])",
    "VariableDeclarator > ObjectPattern > Property[key.name='platform']",
  ].join(', '),
  message: 'Only lib/platform chooses: build with serve(feature, offers), or ask servedBy(feature).',
};
// Nor is the blog's platform told apart elsewhere (issue 43): not by the configured source, nor by a source's name.
// What differs between the platforms is behind the BlogSource port (an optional part one platform implements).
const SOURCE_CHOSEN_ONCE = {
  selector: [
    "MemberExpression[object.type='CallExpression'][object.callee.name='config'][property.name='source']",
    "VariableDeclarator[init.type='CallExpression'][init.callee.name='config'] > ObjectPattern > Property[key.name='source']",
    "BinaryExpression[left.type='MemberExpression'][left.property.name='name'][right.value=/^(local|wix)$/]",
    "BinaryExpression[right.type='MemberExpression'][right.property.name='name'][left.value=/^(local|wix)$/]",
    "SwitchStatement[discriminant.type='MemberExpression'][discriminant.property.name='name'] > SwitchCase[test.value=/^(local|wix)$/]",
  ].join(', '),
  message:
    "Only lib/platform tells the blog's platforms apart: ask servedBy('blog'), or put the difference behind the " +
    'BlogSource port (lib/blog/source.ts), not config().source or a source.name comparison.',
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
      // Rich content and cards render images the source already sized and resized (lib/blog/view.ts gives
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
      // It guesses a page from a path's shape: since the languages' routes (app/[lang]) take any first segment, it
      // takes every plain link for a page. The site uses plain links on purpose (a full load across root layouts, to
      // the members' pages, from islands); next/link is used where a soft navigation is meant.
      '@next/next/no-html-link-for-pages': 'off',
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
      // The environment is read once, in lib/core/config.
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through config() from lib/core/config.' },
      ],
      // Only a feature's reads (lib/<feature>/reads.ts or reads/) caches and tags, beside the feature it reads; only
      // the event bus's cache subscriber clears; only lib/platform chooses (and tells the blog's platforms apart).
      'no-restricted-syntax': ['error', USE_CACHE_ONLY_IN_READS, PLATFORM_CHOSEN_ONCE, SOURCE_CHOSEN_ONCE],
      'no-restricted-imports': ['error', { paths: [CACHE_ONLY_IN_READS, CLEAR_ONLY_BY_INVALIDATE] }],
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
          paths: [CACHE_ONLY_IN_READS, CLEAR_ONLY_BY_INVALIDATE],
          patterns: [
            {
              group: [
                '**/components/**',
                '**/app/**',
                '**/lib/*/reads',
                '**/lib/*/reads/**',
                '**/lib/blog',
                '**/lib/blog/**',
              ],
              message: 'proxy.ts decides on the request alone: no components, pages, reads or sources.',
            },
          ],
        },
      ],
    },
  },
  {
    // lib/core/config reads the environment; instrumentation.ts asks Next which runtime loads it (NEXT_RUNTIME is
    // Next's own, set per bundle, not configuration); the blog CLI's entry reads its own once (cli.ts `defaultIo`:
    // io.env, which its commands check with the server's readConfig).
    files: ['lib/core/config/**', 'instrumentation.ts', 'scripts/blog/cli.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['lib/*/reads.ts', 'lib/*/reads/**'],
    rules: {
      'no-restricted-syntax': ['error', PLATFORM_CHOSEN_ONCE, SOURCE_CHOSEN_ONCE],
      'no-restricted-imports': ['error', { paths: [CLEAR_ONLY_BY_INVALIDATE] }],
    },
  },
  {
    // The event bus's cache subscriber: the one door that clears cache tags.
    files: ['lib/core/cache/clear.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [CACHE_ONLY_IN_READS] }] },
  },
  {
    // The switchboard itself, and the configuration that holds its decision.
    files: ['lib/platform/**', 'lib/core/config/**'],
    rules: { 'no-restricted-syntax': ['error', USE_CACHE_ONLY_IN_READS] },
  },
  {
    // The CLI's commands take the environment its entry read (io.env), so a test's environment is the one they see.
    files: ['scripts/blog/**'],
    ignores: ['scripts/blog/cli.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'The CLI reads its environment once, in cli.ts: take io.env (readConfig(io.env) checks it).',
        },
      ],
    },
  },
  {
    // A script is a process of its own. The tooling builds the environment of the servers and tools it starts (the
    // benchmarks, CI) and reads its own knobs there, not the site's configuration. (The CLI keeps the rule: above.)
    files: ['scripts/**'],
    ignores: ['scripts/blog/**'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    // The cache handlers are plain modules Next loads at run time, outside the app's bundles: they cannot import
    // lib/core/config (TypeScript). They read REDIS_URL (checked by lib/core/config when the site is built and when
    // the server starts), and Next's own NEXT_PHASE and NEXT_DIST_DIR.
    files: ['lib/core/cache/*.mjs'],
    rules: { 'no-restricted-properties': 'off' },
  },
];

export default config;
