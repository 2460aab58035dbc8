import { cacheLife, cacheTag } from 'next/cache';
import { getPost } from '@/lib/blog/reads';
import { cacheTags } from '@/lib/core/cache/tags';
import { errors } from '@/lib/core/errors';
import { readKey, settle, unwrap } from '@/lib/core/reads';
import { sitePolls } from './index';
import { pollsOf } from './types';

async function cachedClosedPolls(postId: string) {
  'use cache';
  cacheLife('max');
  cacheTag(cacheTags.pollsOf(postId));
  // Errors cross the cache as values (docs/architecture.md, "Decisions"): a database that cannot answer is an outcome.
  return settle(readKey('closedPolls', postId), () => sitePolls().closedOf(postId));
}

/** The ids of a post's polls the owner closed, as its page shows them (cached under `polls:{id}`). */
export const getClosedPolls = async (postId: string): Promise<string[]> => unwrap(await cachedClosedPolls(postId));

/** The post (by id) and the poll in it that a URL names, or null when either is unknown. */
export async function findPostPoll(postId: string, pollId: string) {
  const post = /^[\w-]{1,128}$/.test(postId) ? await getPost(postId, { fieldsets: ['RICH_CONTENT'] }) : null;
  const poll = post ? pollsOf(post.richContent).find((p) => p.id === pollId) : undefined;
  return post && poll ? { post, poll } : null;
}

/** The catalogue's 404 for a poll a URL names that is not there. */
export const noSuchPoll = (postId: string, pollId: string) =>
  errors.notFound(`no poll "${pollId.slice(0, 64)}" in post "${postId.slice(0, 64)}"`);
