import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The rules of eslint.config.mjs bite: each fixture is a file as someone might write it, linted at the path it would
// have, and must fail with the rule that holds the house (docs/architecture.md, "The house"); the allowed ones pass.

let eslint: ESLint;
// The first lint loads the plugins and the TypeScript resolver's project (seconds on a busy machine): done here, so no
// test's own time includes it.
beforeAll(async () => {
  eslint = new ESLint({ cwd: process.cwd() });
  await eslint.lintText("import { blogSource } from '@/lib/blog';\nexport const warm = blogSource;\n", {
    filePath: 'lib/likes/warm.ts',
  });
}, 120_000);

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.severity === 2).map((m) => `${m.ruleId}: ${m.message}`);
}

const noPolicy = (from: string, to: string) =>
  new RegExp(
    `^boundaries/dependencies: There is no policy allowing dependencies from elements of type "${from}" to elements of type "${to}"`,
  );
const PAST_SURFACE =
  /^boundaries\/dependencies: Import a feature through its index\.ts, types\.ts, reads\.ts or view\.ts/;
const ADAPTER = /^boundaries\/dependencies: A storage adapter imports only lib\/core, lib\/wix and its own feature/;

const refused: [string, string, string, RegExp][] = [
  // A feature is reached only through its surface.
  [
    'a feature imported past its index',
    'lib/likes/probe.ts',
    "import { createWixMembers } from '@/lib/members/wix';\nexport const probe = createWixMembers;\n",
    PAST_SURFACE,
  ],
  [
    'a route importing a feature’s adapter',
    'app/api/probe/route.ts',
    "import { createLocalSource } from '@/lib/blog/local';\nexport const GET = () => createLocalSource('x');\n",
    PAST_SURFACE,
  ],
  // Scripts too (issue 43): a feature's surface, or the door it keeps for them (tools.ts).
  [
    'a script importing a feature’s internals',
    'scripts/blog/probe.ts',
    "import { createEmbeddedBackend } from '@/lib/data/embedded';\nexport const probe = createEmbeddedBackend;\n",
    PAST_SURFACE,
  ],
  [
    'a benchmark importing a feature’s adapter',
    'scripts/bench/probe.ts',
    "import { ContentStore } from '../../lib/blog/local/store';\nexport const probe = ContentStore;\n",
    PAST_SURFACE,
  ],
  [
    'a route opening a feature’s door for scripts',
    'app/api/probe/route.ts',
    "import { createEmbeddedBackend } from '@/lib/data/tools';\nexport const GET = () => createEmbeddedBackend();\n",
    PAST_SURFACE,
  ],
  // Adapters are thin.
  [
    'an adapter importing another feature',
    'lib/likes/local.ts',
    "import { siteMembers } from '@/lib/members';\nexport const probe = siteMembers;\n",
    ADAPTER,
  ],
  [
    'an adapter choosing a platform',
    'lib/comments/wix/probe.ts',
    "import { serve } from '@/lib/platform';\nexport const probe = serve;\n",
    ADAPTER,
  ],
  // Caches live beside the feature they read.
  [
    "'use cache' outside a reads.ts",
    'lib/edge/dashboard/probe.ts',
    "export async function probe() {\n  'use cache';\n  return 1;\n}\n",
    /^no-restricted-syntax: Only a feature's reads\.ts \(or reads\/\) holds 'use cache' functions/,
  ],
  [
    'tagging outside a reads.ts',
    'lib/comments/probe.ts',
    "import { cacheTag } from 'next/cache';\nexport const probe = () => cacheTag('posts');\n",
    /^no-restricted-imports: .*Only a feature's reads\.ts \(or reads\/\) caches and tags/,
  ],
  // Only the switchboard chooses.
  [
    'a provider chosen outside lib/platform',
    'lib/comments/probe.ts',
    "import { config } from '@/lib/core/config';\nexport const probe = () => (config().platform.comments === 'wix' ? 1 : 2);\n",
    /^no-restricted-syntax: Only lib\/platform chooses/,
  ],
  [
    'the decision destructured outside lib/platform',
    'lib/blog/probe.ts',
    "import { config } from '@/lib/core/config';\nexport const probe = () => {\n  const { platform } = config();\n  return platform;\n};\n",
    /^no-restricted-syntax: Only lib\/platform chooses/,
  ],
  [
    'the configured blog source read outside lib/platform',
    'lib/edge/webhooks/probe.ts',
    "import { config } from '@/lib/core/config';\nexport const probe = () => config().source;\n",
    /^no-restricted-syntax: Only lib\/platform tells the blog's platforms apart/,
  ],
  [
    'a script telling the platform apart itself',
    'scripts/blog/probe.ts',
    "import { readConfig } from '@/lib/core/config';\nexport const probe = () => readConfig({}).platform.records;\n",
    /^no-restricted-syntax: Only lib\/platform chooses/,
  ],
  [
    'the configured blog source destructured outside lib/platform',
    'lib/blog/probe.ts',
    "import { config } from '@/lib/core/config';\nexport const probe = () => {\n  const { source } = config();\n  return source;\n};\n",
    /^no-restricted-syntax: Only lib\/platform tells the blog's platforms apart/,
  ],
  [
    'a blog source told apart by its name',
    'lib/blog/probe.ts',
    "import type { BlogSource } from './source';\nexport const probe = (source: BlogSource) => source.name === 'local';\n",
    /^no-restricted-syntax: Only lib\/platform tells the blog's platforms apart/,
  ],
  // Every write ends in publish(event): the bus's cache subscriber clears.
  [
    'a write that clears its pages itself instead of publishing its event',
    'lib/likes/probe.ts',
    "import { revalidateTag } from 'next/cache';\nexport const probe = (id: string) => revalidateTag(`metrics:${id}`, { expire: 0 });\n",
    /^no-restricted-imports: .*by publishing its event/,
  ],
  [
    'a route that clears a tag itself',
    'app/api/probe/route.ts',
    "import { updateTag } from 'next/cache';\nexport const POST = () => updateTag('comments');\n",
    /^no-restricted-imports: .*by publishing its event/,
  ],
  // The layers.
  [
    'a component that fetches',
    'components/post/probe.tsx',
    "import { listPosts } from '@/lib/blog/reads';\nexport const Probe = () => listPosts();\n",
    noPolicy('components', 'blog'),
  ],
  [
    'a component that reads the configuration',
    'components/layout/probe.tsx',
    "import { config } from '@/lib/core/config';\nexport const Probe = () => config().siteUrl;\n",
    noPolicy('components', 'config'),
  ],
  [
    'a component that calls a page view-model',
    'components/post/probe.tsx',
    "import { listingPage } from '@/lib/edge/pages/listing';\nexport const Probe = () => listingPage({}, 1);\n",
    noPolicy('components', 'pages'),
  ],
  [
    'lib importing a component',
    'lib/edge/seo/probe.ts',
    "import { PostCard } from '@/components/post/post-card';\nexport const Probe = PostCard;\n",
    noPolicy('seo', 'components'),
  ],
  [
    'lib importing a route',
    'lib/blog/probe.ts',
    "import { GET } from '@/app/api/posts/route';\nexport const Probe = GET;\n",
    noPolicy('blog', 'app'),
  ],
  [
    'the webhooks importing the JSON API sideways',
    'lib/edge/webhooks/probe.ts',
    "import { errorResponse } from '../api/respond';\nexport const Probe = errorResponse;\n",
    noPolicy('webhooks', 'api'),
  ],
  [
    'the blog importing the owner’s login',
    'lib/blog/query/probe.ts',
    "import { authErrors } from '@/lib/owner';\nexport const Probe = authErrors;\n",
    noPolicy('blog', 'owner'),
  ],
  [
    'the owner’s login importing the blog',
    'lib/owner/probe.ts',
    "import { listPosts } from '@/lib/blog/reads';\nexport const probe = listPosts;\n",
    noPolicy('owner', 'blog'),
  ],
  [
    'the base importing a feature',
    'lib/core/cache/probe.ts',
    "import { blogSource } from '@/lib/blog';\nexport const probe = blogSource;\n",
    noPolicy('core', 'blog'),
  ],
  [
    'the data service importing a feature built on it',
    'lib/data/probe.ts',
    "import { siteReadingList } from '@/lib/reading-list';\nexport const probe = siteReadingList;\n",
    noPolicy('data', 'reading-list'),
  ],
  [
    'a route calling the blog’s source, not its reads',
    'app/api/probe/route.ts',
    "import { blogSource } from '@/lib/blog';\nexport const GET = () => blogSource().listTags();\n",
    /^boundaries\/dependencies: Read the blog through lib\/blog\/reads/,
  ],
  [
    'the environment read outside lib/core/config',
    'lib/owner/probe.ts',
    'export const probe = () => process.env.OWNER_PASSWORD;\n',
    /^no-restricted-properties: .*lib\/core\/config/,
  ],
  [
    'a CLI command reading the environment, not the one it was given',
    'scripts/blog/probe.ts',
    'export const probe = () => process.env.DATA_DIR;\n',
    /^no-restricted-properties: .*The CLI reads its environment once, in cli\.ts/,
  ],
  [
    'the CLI reaching a page’s view-model',
    'scripts/blog/probe.ts',
    "import { listingPage } from '@/lib/edge/pages/listing';\nexport const probe = listingPage;\n",
    noPolicy('cli', 'pages'),
  ],
  [
    'a script importing a route',
    'scripts/bench/probe.ts',
    "import { GET } from '@/app/api/posts/route';\nexport const probe = GET;\n",
    noPolicy('tooling', 'app'),
  ],
  [
    'the proxy reading content',
    'proxy.ts',
    "import { listPosts } from './lib/blog/reads';\nexport const probe = listPosts;\n",
    /^no-restricted-imports: .*proxy\.ts decides on the request alone/,
  ],
];

describe('the house rules refuse', () => {
  it.each(refused)('%s', async (_name, filePath, code, rule) => {
    const found = await problems(filePath, code);
    expect(
      found.some((p) => rule.test(p)),
      found.join('\n'),
    ).toBe(true);
  });
});

describe('and allow what the house draws', () => {
  it.each([
    [
      'a page reading through the reads and rendering components',
      'app/(site)/probe/page.tsx',
      "import { ListingView } from '@/components/post/listing-view';\nimport { listingPage } from '@/lib/edge/pages/listing';\n" +
        'export default async function Probe() {\n  const listing = await listingPage({}, 1);\n' +
        '  return listing && <ListingView heading="x" listing={listing} href={() => "/"} />;\n}\n',
    ],
    [
      'a component naming a view-model type and a feature’s type',
      'components/post/probe.tsx',
      "import type { Listing } from '@/lib/edge/pages/listing';\nimport type { Post } from '@/lib/blog/types';\n" +
        'export const count = (l: Listing, p: Post) => l.total + p.title.length;\n',
    ],
    [
      'a component showing a feature’s view',
      'components/post/probe.tsx',
      "import { resolveImage } from '@/lib/blog/view';\nexport const probe = resolveImage;\n",
    ],
    [
      'a feature’s reads caching and calling its own source',
      'lib/blog/reads/probe.ts',
      "import { cacheTag } from 'next/cache';\nimport { blogSource } from '..';\n" +
        "export async function probe() {\n  'use cache';\n  cacheTag('posts');\n  return blogSource().listTags();\n}\n",
    ],
    [
      'a feature built on another, through its index',
      'lib/likes/probe.ts',
      "import { siteMembers } from '@/lib/members';\nexport const probe = siteMembers;\n",
    ],
    [
      'an adapter naming another feature’s port',
      'lib/likes/local.ts',
      "import type { DataClient } from '@/lib/data';\nimport { OWNER } from '@/lib/data/types';\n" +
        'export const probe = (c: DataClient) => [c, OWNER];\n',
    ],
    [
      'a feature’s index choosing through the switchboard',
      'lib/likes/index.ts',
      "import { serve } from '@/lib/platform';\nexport const probe = () => serve('likes', { wix: () => 1, local: () => 2 });\n",
    ],
    [
      'the switchboard reading the configured blog source',
      'lib/platform/probe.ts',
      "import { config } from '../core/config';\nexport const probe = () => config().source === 'wix';\n",
    ],
    [
      'a write ending in invalidate',
      'lib/likes/probe.ts',
      "import { invalidate } from '@/lib/core/cache/invalidate';\n" +
        "export const probe = (id: string) => invalidate({ type: 'wix.blog.v3.post_liked', entityId: id });\n",
    ],
    [
      'a write publishing its event on the bus',
      'lib/likes/probe.ts',
      "import { publish } from '@/lib/core/events/bus';\n" +
        "export const probe = (id: string) => publish({ type: 'wix.blog.v3.post_liked', entityId: id });\n",
    ],
    [
      'a feature attaching the subscriber the registry names',
      'lib/comments/probe.ts',
      "import { subscribe } from '@/lib/core/events/bus';\n" +
        "export const probe = () => subscribe('reply-mail', (event) => event.resourceId);\n",
    ],
    [
      'the CLI opening the embedded database through the data service’s door for scripts',
      'scripts/blog/probe.ts',
      "import { createDataClient, createEmbeddedBackend } from '@/lib/data/tools';\nimport { OWNER } from '@/lib/data/types';\n" +
        'export const probe = (dir: string) => [\n' +
        '  createDataClient({ backend: createEmbeddedBackend(dir), collections: [] }),\n' +
        '  OWNER,\n];\n',
    ],
    [
      'the CLI asking the switchboard about the environment it was given',
      'scripts/blog/probe.ts',
      "import { readConfig } from '@/lib/core/config';\nimport { servedBy } from '@/lib/platform';\n" +
        "export const probe = (env: Record<string, string>) => servedBy('records', readConfig(env)) === 'postgres';\n",
    ],
    [
      'a benchmark reading its environment, and a feature through its surface',
      'scripts/bench/probe.ts',
      "import { listPosts } from '@/lib/blog/reads';\nexport const probe = () => [process.env.BENCH_QUICK, listPosts];\n",
    ],
  ])('%s', async (_name, filePath, code) => {
    expect(await problems(filePath, code)).toEqual([]);
  });
});
