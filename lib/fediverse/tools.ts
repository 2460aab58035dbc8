// The fediverse's door for the repository's tools (scripts/bench/fediverse.ts: the delivery bench), which the lint
// opens to scripts/ alone (eslint.config.mjs, TOOLS): the federation and its stores, without the site's wiring
// (index.ts). Only re-exports.

export { createBlogFederation } from './federation';
export { deliverPost } from './delivery';
export { recordsBlocks } from './blocks';
export { recordsFollowers } from './followers';
export { recordsKeys } from './keys';
export { recordsKvStore } from './kv';
export { bossQueue, FEDIVERSE_QUEUE } from './queue';
export { instanceReachability } from './reachability';
export { FEDIVERSE_COLLECTIONS } from './records';
