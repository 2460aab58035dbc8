import { recordsClient } from '@/lib/data';
import { recordsBlocks } from './blocks';
import { recordsFollowers } from './followers';
import { recordsReactions } from './reactions';
import { recordsFollowing, recordsTimeline } from './following';
import { FEDIVERSE_COLLECTIONS } from './records';

// The fediverse's stores in the site's records, without Fedify: what the server's start (start.ts) and the post page's
// counts (reads.ts) read, so that neither loads the framework (0.6 s of a server's start) before the blog is followed.

export const fediverseRecords = () => recordsClient(...FEDIVERSE_COLLECTIONS);

/** The site's followers, for the dashboard. */
export const siteFollowers = () => recordsFollowers(fediverseRecords);

/** Whom the owner blocked. */
export const siteBlocks = () => recordsBlocks(fediverseRecords, siteFollowers());

/** The likes and boosts of the blog's posts from the fediverse. */
export const siteReactions = () => recordsReactions(fediverseRecords);

/** Whom the blog follows, and their posts (the dashboard's Following page). */
export const siteFollowing = () => recordsFollowing(fediverseRecords);
export const siteTimeline = () => recordsTimeline(fediverseRecords);
