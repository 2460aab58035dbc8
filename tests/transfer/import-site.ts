import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createEmbeddedBackend } from '@/lib/data/tools';
import { main } from '@/scripts/blog/cli';

// A site for an import test: an empty content folder and data folder of its own, the CLI run on them (`blog`), and the
// posts it holds. Not a test file: the import tests share it.

export const WPTT = 'tests/fixtures/import/wordpress/themeunittestdata.wordpress.xml';

export function importSite(name: string) {
  const contentDir = mkdtempSync(path.join(tmpdir(), `${name}-content-`));
  const dataDir = mkdtempSync(path.join(tmpdir(), `${name}-data-`));
  const env = { BLOG_CONTENT_DIR: contentDir, DATA_DIR: dataDir, SITE_URL: 'https://blog.example' };
  const openBackend = () => createEmbeddedBackend(dataDir, { waitMs: 5_000, log: () => {} });
  const blog = async (argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await main(argv, { env, out: (l) => out.push(l), err: (l) => err.push(l), fetch, openBackend });
    return { code, out: out.join('\n'), err: err.join('\n') };
  };
  const posts = () =>
    readdirSync(path.join(contentDir, 'posts')).map(
      (file) => JSON.parse(readFileSync(path.join(contentDir, 'posts', file), 'utf8')) as Record<string, unknown>,
    );
  return { contentDir, dataDir, env, openBackend, blog, posts };
}
