import { cacheLife, cacheTag } from 'next/cache';
import { cacheTags } from '@/lib/core/cache/tags';
import type { Post } from '../types';
import type { FieldsetOptions } from '../source';

// What the blog's cached reads share: how long an entry lives, and the tags a post and a list carry
// (lib/core/cache/tags.ts), so that a webhook clears exactly what changed.

// Views have no event, so reads that carry counters expire within minutes; everything else waits for a webhook.
export const cacheLifeFor = (fieldsets: FieldsetOptions['fieldsets']) => {
  if (fieldsets?.includes('METRICS')) cacheLife('minutes');
  else cacheLife('hours');
};

export const tagPost = (post: Post | null, fieldsets: FieldsetOptions['fieldsets']) => {
  if (!post) return;
  cacheTag(cacheTags.post(post.id));
  if (fieldsets?.includes('METRICS')) cacheTag(cacheTags.metrics(post.id));
};

/** A list's tag: its language's when it lists one language (cacheTags.postsIn), else the all-language one. */
export const listTag = (all: string, inLanguage: (language: string) => string, language: string | null | undefined) =>
  language ? inLanguage(language) : all;
