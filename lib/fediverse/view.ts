// What the owner's screens show of the fediverse (components/dashboard/follower-list.tsx): shapes only, safe in the
// browser.

export type { Block } from './blocks';
export type { FollowerRecord, FollowingRecord, TimelineRecord } from './records';
