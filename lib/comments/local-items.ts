import { createHash } from 'node:crypto';
import type { PostCommentItem } from './collection';
import type { PostComment } from './types';

// The local comments' items as comments (local.ts): what an item of `post-comments` answers as, the ids it takes, the
// orders a thread is read in.

export const commentOf = (item: PostCommentItem): PostComment => ({
  id: item._id,
  postId: String(item.postId),
  parentId: item.parentId ? String(item.parentId) : null,
  author: {
    memberId: item.memberId ? String(item.memberId) : null,
    name: String(item.name ?? ''),
    ...(item.remoteId && {
      handle: String(item.handle ?? ''),
      ...(item.avatar && { avatar: String(item.avatar) }),
      ...(item.profile && { profile: String(item.profile) }),
    }),
  },
  text: String(item.text ?? ''),
  status: item.status === 'PENDING' || item.status === 'HIDDEN' ? item.status : 'PUBLISHED',
  createdDate: item._createdDate,
  updatedDate: item._updatedDate,
  edited: item.edited === true,
});

export const COMMENT_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;
export const NEWEST_FIRST = [
  { fieldName: '_createdDate', order: 'DESC' },
  { fieldName: '_id', order: 'DESC' },
];
export const OLDEST_FIRST = [
  { fieldName: '_createdDate', order: 'ASC' },
  { fieldName: '_id', order: 'ASC' },
];

/** A fediverse reply's comment id: made from its note's id, so the same note is the same comment. */
export const remoteCommentId = (remoteId: string) =>
  `fv-${createHash('sha256').update(remoteId).digest('base64url').slice(0, 32)}`;
