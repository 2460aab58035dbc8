import { config } from '../config';
import type { BlogSource } from '../source';
import { createLocalSource } from './local';
import { createWixSource } from './wix';

let source: BlogSource | undefined;

/** The backend chosen by the environment, made once per process. */
export function blogSource(): BlogSource {
  if (!source) {
    const c = config();
    source = c.source === 'wix' ? createWixSource(c.wix) : createLocalSource(c.contentDir);
  }
  return source;
}
