import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeFileAtomic } from '@/lib/core/files/atomic';
import { type ContentFolder, isPublished, type RawPost } from './content-folder';
import { type Delivery, postToken, signEvent } from '../wix/deliver';
import { entityEvent, postEntity } from '../wix/events';
import { standInSigningKey } from '../wix/webhook-keys';

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

/**
 * Tells the site of the post's change as Wix would, with a signed post_updated (the stand-in's key pair,
 * ../wix/webhook-keys.ts): the site has read it when this answers, where its folder's watcher may take a moment.
 */
export async function sendPostUpdated(
  siteUrl: string,
  post: RawPost,
  env?: Record<string, string | undefined>,
): Promise<Delivery> {
  return postToken(siteUrl, await signEvent(entityEvent('post', 'updated', postEntity(post)), standInSigningKey(env)));
}

/**
 * Resolves once the site serves the post as `post` has it (title, last publication, plans), read from its JSON API:
 * a write to its folder is found by the site's watcher a moment later. Throws after `timeoutMs`.
 */
export async function servedAs(siteUrl: string, post: RawPost, timeoutMs = 15_000): Promise<void> {
  const want = JSON.stringify([post.title, post.lastPublishedDate, post.pricingPlanIds ?? []]);
  const deadline = Date.now() + timeoutMs;
  let seen = '';
  for (;;) {
    const answer = await fetch(`${siteUrl.replace(/\/+$/, '')}/api/posts/${encodeURIComponent(post.id)}`);
    const served = answer.ok ? ((await answer.json()) as { post?: RawPost }).post : undefined;
    seen = served
      ? JSON.stringify([served.title, served.lastPublishedDate, served.pricingPlanIds ?? []])
      : `${answer.status}`;
    if (seen === want) return;
    if (Date.now() > deadline) throw new Error(`the site still serves ${post.id} as ${seen}, not ${want}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Writes the post's original bytes back, and resolves once the site serves it so (its folder is watched). */
export async function restorePost(siteUrl: string, probe: ProbePost) {
  await writeFileAtomic(probe.file, probe.original);
  await servedAs(siteUrl, JSON.parse(probe.original) as RawPost);
}
