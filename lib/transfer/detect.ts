import { existsSync, statSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { readGhost } from './sources/ghost';
import { readMarkdownFolder } from './sources/markdown-folder';
import { readMedium } from './sources/medium';
import { readSubstack } from './sources/substack';
import { readWordPress } from './sources/wordpress';
import { type Bundle, ImportError, type SourceKind } from './types';

// Which platform wrote an export, from what it holds (or `--from`), and its reader's Bundle:
// - a `.xml` file that is WXR (WordPress), its media looked for beside it (wp-content/uploads, or the folder);
// - a `.json` file with Ghost's `db` (Ghost), its images looked for in a `content/images` or `images` folder beside it;
// - a `.zip` holding `posts.csv` (Substack) or `posts/*.html` (Medium);
// - a folder holding one of those, or else Markdown files (Hugo, Jekyll, Astro, Next.js starters).

export type SourceChoice = SourceKind;

const mediaBeside = (file: string, names: string[]) =>
  names.map((name) => path.join(path.dirname(file), name)).find((dir) => existsSync(dir)) ?? path.dirname(file);

async function readFile_(file: string, from?: SourceChoice): Promise<Bundle> {
  const ext = path.extname(file).toLowerCase();
  if (ext === '.zip') {
    const bytes = new Uint8Array(await readFile(file));
    const names = Object.keys(
      unzipSync(bytes, { filter: (entry) => entry.name.endsWith('.csv') || entry.name.endsWith('.html') }),
    );
    if (from === 'substack' || (!from && names.some((n) => path.basename(n) === 'posts.csv')))
      return readSubstack(bytes);
    if (from === 'medium' || (!from && names.some((n) => /(^|\/)posts\/[^/]+\.html$/.test(n))))
      return readMedium(bytes);
    throw new ImportError(
      `${path.basename(file)}: a zip holding neither Substack's posts.csv nor Medium's posts/ folder`,
    );
  }
  const text = await readFile(file, 'utf8');
  if (from === 'wordpress' || (!from && ext === '.xml' && text.includes('wxr_version'))) {
    return readWordPress(text, { mediaDir: mediaBeside(file, ['wp-content/uploads', 'uploads']) });
  }
  if (from === 'ghost' || (!from && ext === '.json' && text.includes('"db"'))) {
    return readGhost(text, { mediaDir: mediaBeside(file, ['content/images', 'images']) });
  }
  throw new ImportError(
    `${path.basename(file)}: not an export this import reads (WordPress .xml, Ghost .json, Substack or Medium .zip)`,
  );
}

export async function readSource(target: string, from?: SourceChoice): Promise<Bundle> {
  if (!statSync(target).isDirectory()) return readFile_(target, from);
  const names = await readdir(target);
  if (from === 'markdown') return readMarkdownFolder(target);
  if (
    from === 'medium' ||
    (!from &&
      names.includes('posts') &&
      !names.includes('posts.csv') &&
      (await readdir(path.join(target, 'posts'))).some((n) => n.endsWith('.html')))
  ) {
    return readMedium(target);
  }
  const file = (predicate: (name: string) => boolean) => names.find(predicate);
  const wxr = file((n) => n.endsWith('.xml'));
  if ((from === 'wordpress' || !from) && wxr) return readFile_(path.join(target, wxr), 'wordpress');
  const ghost = file((n) => n.endsWith('.json'));
  if ((from === 'ghost' || !from) && ghost && (await readFile(path.join(target, ghost), 'utf8')).includes('"db"')) {
    return readFile_(path.join(target, ghost), 'ghost');
  }
  if (from === 'substack') throw new ImportError(`${target}: give Substack's export as its .zip`);
  return readMarkdownFolder(target);
}
