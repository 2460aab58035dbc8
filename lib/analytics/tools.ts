// Analytics' door for the repository's tools (the bench's 10 million views, scripts/bench): the store's SQL itself,
// so a tool writes, rolls up and measures exactly as the site does.

export { appendEvents, rollUp, pruneEvents, storeSize, type AnalyticsEvent } from './store';
export { createSalts } from './salts';
