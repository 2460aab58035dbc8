import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The layer rules of eslint.config.mjs bite: each fixture is a file as someone might write it, linted at the path
// it would have, and must fail with the rule that holds the layer (and the allowed ones must pass).

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: process.cwd() });
});

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.severity === 2).map((m) => `${m.ruleId}: ${m.message}`);
}

const refused: [string, string, string, RegExp][] = [
  [
    'a component that fetches',
    'components/post/probe.tsx',
    "import { listPosts } from '@/lib/blog/reads';\nexport const Probe = () => listPosts();\n",
    /^boundaries\/dependencies: .*"components" to elements of type "reads"/,
  ],
  [
    'a component that reads the configuration',
    'components/layout/probe.tsx',
    "import { config } from '@/lib/core/config';\nexport const Probe = () => config().siteUrl;\n",
    /^boundaries\/dependencies: .*"components" to elements of type "config"/,
  ],
  [
    'a component that calls a page view-model',
    'components/post/probe.tsx',
    "import { listingPage } from '@/lib/edge/pages/listing';\nexport const Probe = () => listingPage({}, 1);\n",
    /^boundaries\/dependencies: .*"components" to elements of type "pages"/,
  ],
  [
    'lib importing a component',
    'lib/edge/seo/probe.ts',
    "import { PostCard } from '@/components/post/post-card';\nexport const Probe = PostCard;\n",
    /^boundaries\/dependencies: .*"seo" to elements of type "components"/,
  ],
  [
    'lib importing a route',
    'lib/blog/probe.ts',
    "import { GET } from '@/app/api/posts/route';\nexport const Probe = GET;\n",
    /^boundaries\/dependencies: .*"blog" to elements of type "app"/,
  ],
  [
    'the webhooks importing the JSON API sideways',
    'lib/edge/webhooks/probe.ts',
    "import { errorResponse } from '../api/respond';\nexport const Probe = errorResponse;\n",
    /^boundaries\/dependencies: .*"webhooks" to elements of type "api"/,
  ],
  [
    'the blog client importing auth',
    'lib/blog/query/probe.ts',
    "import { authErrors } from '@/lib/owner/login';\nexport const Probe = authErrors;\n",
    /^boundaries\/dependencies: .*"blog" to elements of type "auth"/,
  ],
  [
    'the login importing the blog client',
    'lib/owner/probe.ts',
    "import { listPosts } from '@/lib/blog/reads';\nexport const probe = listPosts;\n",
    /^boundaries\/dependencies: .*"auth" to elements of type "reads"/,
  ],
  [
    'a route calling the source, not the reads',
    'app/api/probe/route.ts',
    "import { blogSource } from '@/lib/blog';\nexport const GET = () => blogSource().listTags();\n",
    /^boundaries\/dependencies: .*"app" to elements of type "sources"/,
  ],
  [
    "a second 'use cache' module",
    'lib/edge/dashboard/probe.ts',
    "export async function probe() {\n  'use cache';\n  return 1;\n}\n",
    /^no-restricted-syntax: Only lib\/blog\/reads holds 'use cache' functions/,
  ],
  [
    'tagging outside the reads',
    'lib/edge/seo/probe.ts',
    "import { cacheTag } from 'next/cache';\nexport const probe = () => cacheTag('posts');\n",
    /^no-restricted-imports: .*Only lib\/blog\/reads caches and tags/,
  ],
  [
    'the environment read outside lib/core/config',
    'lib/owner/probe.ts',
    'export const probe = () => process.env.OWNER_PASSWORD;\n',
    /^no-restricted-properties: .*lib\/config/,
  ],
  [
    'the proxy reading content',
    'proxy.ts',
    "import { listPosts } from './lib/blog/reads';\nexport const probe = listPosts;\n",
    /^no-restricted-imports: .*proxy\.ts decides on the request alone/,
  ],
];

describe('the layer rules refuse', () => {
  it.each(refused)('%s', async (_name, filePath, code, rule) => {
    const found = await problems(filePath, code);
    expect(
      found.some((p) => rule.test(p)),
      found.join('\n'),
    ).toBe(true);
  });
});

describe('and allow what the layers draw', () => {
  it.each([
    [
      'a page reading through the reads and rendering components',
      'app/(site)/probe/page.tsx',
      "import { ListingView } from '@/components/post/listing-view';\nimport { listingPage } from '@/lib/edge/pages/listing';\n" +
        'export default async function Probe() {\n  const listing = await listingPage({}, 1);\n' +
        '  return listing && <ListingView heading="x" listing={listing} href={() => "/"} />;\n}\n',
    ],
    [
      'a component naming a view-model type',
      'components/post/probe.tsx',
      "import type { Listing } from '@/lib/edge/pages/listing';\nexport const count = (l: Listing) => l.total;\n",
    ],
    [
      'the reads caching and calling the source',
      'lib/blog/reads/probe.ts',
      "import { cacheTag } from 'next/cache';\nimport { blogSource } from '../sources';\n" +
        "export async function probe() {\n  'use cache';\n  cacheTag('posts');\n  return blogSource().listTags();\n}\n",
    ],
  ])('%s', async (_name, filePath, code) => {
    expect(await problems(filePath, code)).toEqual([]);
  });
});
