import type { BlogSource } from '../source';
import { authorMethods } from './authors';
import { type WixSourceConfig, createWixContext } from './client';
import { draftMethods } from './drafts';
import { postMethods } from './posts';
import { taxonomyMethods } from './taxonomy';

export type { WixSourceConfig } from './client';

/** The Wix Blog source: the SDK behind the same interface and query semantics as the local source. */
export function createWixSource(config: WixSourceConfig): BlogSource {
  const context = createWixContext(config);
  // Wix media lives on its CDN: its sizes are not known without a request per file.
  const openMedia = async () => null;
  return {
    name: 'wix',
    ...postMethods(context),
    ...taxonomyMethods(context),
    ...draftMethods(context),
    ...authorMethods(context),
    openMedia,
  };
}
