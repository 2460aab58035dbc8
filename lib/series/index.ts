// The series feature: a series (an item of the `series` collection, lib/data/collections.ts) lists posts in order and
// shows on each of their pages (reads.ts caches "the series of post X" under `series-of:X`). A write to the collection
// clears the pages of the posts it held and holds through the site's one invalidation (the data service names it
// `wix.data.v2.data_item_*`; lib/core/cache/event-tags.ts says which tags that clears).

export { seriesPostIds } from '@/lib/core/cache/event-tags';
