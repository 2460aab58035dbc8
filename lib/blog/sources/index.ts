import { processSingleton } from '../../process-singleton';
import { config } from '../config';
import type { BlogSource } from '../source';
import { createLocalSource } from './local';
import { createWixSource } from './wix';

/**
 * The backend chosen by the environment, one per process: the store the webhook refreshes must be the
 * one that renders pages, and pages and route handlers load their own copies of this module.
 */
export function blogSource(): BlogSource {
  return processSingleton('blog-source', () => {
    const c = config();
    return c.source === 'wix' ? createWixSource(c.wix) : createLocalSource(c.contentDir);
  });
}
