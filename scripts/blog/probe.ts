import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { signingKey } from '@/lib/edge/webhooks/keys';
import { writeFileAtomic } from '@/lib/core/files/atomic';
import { type ContentFolder, isPublished, type RawPost } from './content-folder';
import { type Delivery, postToken, signEvent } from './deliver';
import { entityEvent } from './events';
import { postEntity } from './posts';

// What the benchmarks and browser tests share: a post to edit, and a way to put it back exactly.

const REPO_CONTENT = fileURLToPath(new URL('../../content', import.meta.url));

/** Refuses the repository's own content/ (it must match its generator): measure on a copy. */
export function assertScratchFolder(folder: ContentFolder) {
  if (path.resolve(folder.dir) === path.resolve(REPO_CONTENT)) {
    throw new Error(
      `${folder.dir} is the repository's demo content: copy it (cp -r content /tmp/c) and set BLOG_CONTENT_DIR=/tmp/c`,
    );
  }
}

export function isLoopback(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127(?:\.\d{1,3}){3}$/.test(host);
}

export interface ProbePost {
  post: RawPost;
  file: string;
  /** The file's bytes before the probe touched it. */
  original: string;
}

/** The newest published, unpinned English post with a category: it is on the feed and on page 1 of its category. */
export async function probePost(folder: ContentFolder): Promise<ProbePost> {
  const candidates = (await folder.posts()).filter(
    (p) => isPublished(p) && !p.pinned && p.categoryIds?.length && p.language === 'en',
  );
  candidates.sort((a, b) => String(b.firstPublishedDate).localeCompare(String(a.firstPublishedDate)));
  const post = candidates[0];
  if (!post) throw new Error(`no published post with a category in ${folder.postsDir}`);
  const file = folder.postFile(post.id);
  return { post, file, original: await readFile(file, 'utf8') };
}

export async function sendPostUpdated(
  folder: ContentFolder,
  siteUrl: string,
  post: RawPost,
  // Not a CLI command: the benchmarks' and browser tests' helper signs with the key of the site they started.
  // eslint-disable-next-line no-restricted-properties
  env: Record<string, string | undefined> = process.env,
): Promise<Delivery> {
  const key = await signingKey({ privateKey: env.WIX_WEBHOOK_PRIVATE_KEY, contentDir: folder.dir });
  return postToken(siteUrl, await signEvent(entityEvent('post', 'updated', postEntity(post)), key));
}

/** Writes the post's original bytes back and tells the site; throws if the site does not take the event. */
export async function restorePost(
  folder: ContentFolder,
  siteUrl: string,
  probe: ProbePost,
  env?: Record<string, string | undefined>,
) {
  await writeFileAtomic(probe.file, probe.original);
  const delivery = await sendPostUpdated(folder, siteUrl, JSON.parse(probe.original) as RawPost, env);
  if (delivery.status !== 200)
    throw new Error(
      `restoring ${probe.post.slug}: the site answered ${delivery.status} ${JSON.stringify(delivery.body)}`,
    );
}
