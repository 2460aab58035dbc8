// The newsletter's door for the repository's tools (scripts/bench/newsletter.ts: a send timed on the embedded
// database), which the lint opens to scripts/ alone (eslint.config.mjs, TOOLS): the send's pieces (its records, the
// plan that announces a post, the send job's body, a subscriber's id) run without the queue and the site's wiring
// (index.ts). Only re-exports.

export { announce } from './send-plan';
export { newsletterClaims, newsletterDeliveries, newsletterSends, newsletterSettings, sendPost } from './sending';
export { isoWeek, subscriberId } from './subscribe';
