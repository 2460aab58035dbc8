import { processSingleton } from '../core/process-singleton';
import { config } from '../core/config';
import type { BlogSource } from './source';
import { DEFAULT_GUARD, guardSource } from './guard';
import { createLocalSource } from './local';
import { createWixSource } from './wix';

/**
 * The backend chosen by the environment, one per process: the store the webhook refreshes must be the
 * one that renders pages, and pages and route handlers load their own copies of this module.
 */
export function blogSource(): BlogSource {
  return processSingleton('blog-source', () => {
    const c = config();
    // Only the remote platform is guarded: a cold local folder of 100k posts takes seconds to read, legitimately.
    return c.platform.blog === 'wix'
      ? guardSource(createWixSource(c.wix), { name: 'Wix', ...DEFAULT_GUARD })
      : createLocalSource(c.contentDir);
  });
}

export type { Author } from './authors';
export { postMetricCounter } from './local/post-metrics';
export type { MetricCounter } from './local/post-metrics';
export { checkCursorQuery } from './query/cursor';
export { parseFilter } from './query/filter';
export { parseSort } from './query/sort';
export { readKey, settle, unwrap } from './reads/outcome';
export type { ListPostsOptions, PostCountStatsOptions, PostQuery } from './source';
export { canonicalTimeZone, monthIndex, statsDate } from './time';
