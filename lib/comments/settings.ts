import type { DataClient } from '@/lib/data';
import { OWNER } from '@/lib/data/types';
import { commentSettings } from './collection';
import { type CommentSettings, DEFAULT_COMMENT_SETTINGS } from './types';

// The blog's comment settings, as the owner sets them in the dashboard (Comments → Settings): whether visitors without
// an account may comment, and whose comments wait for approval. One item of an internal collection, read at each
// comment written (one indexed get), so every instance sees a change at once. Until the owner saves, members comment
// and nothing waits.

const ID = 'site';
const APPROVALS: readonly CommentSettings['approval'][] = ['none', 'visitors', 'everyone'];

export interface CommentSettingsStore {
  get(): Promise<CommentSettings>;
  set(settings: CommentSettings): Promise<CommentSettings>;
}

export function createCommentSettingsStore(client: DataClient): CommentSettingsStore {
  client.declare(commentSettings);
  return {
    async get() {
      const item = await client.get(commentSettings.id, ID, OWNER);
      const approval = APPROVALS.find((a) => a === item?.approval);
      return {
        visitorsMayComment:
          typeof item?.visitorsMayComment === 'boolean'
            ? item.visitorsMayComment
            : DEFAULT_COMMENT_SETTINGS.visitorsMayComment,
        approval: approval ?? DEFAULT_COMMENT_SETTINGS.approval,
      };
    },
    async set(settings) {
      await client.save(commentSettings.id, { _id: ID, ...settings }, OWNER);
      return settings;
    },
  };
}

/** Whether a comment by this kind of writer waits for the owner under these settings. */
export const waitsForApproval = (settings: CommentSettings, writer: 'member' | 'visitor') =>
  settings.approval === 'everyone' || (settings.approval === 'visitors' && writer === 'visitor');

export const isApproval = (value: unknown): value is CommentSettings['approval'] =>
  APPROVALS.includes(value as CommentSettings['approval']);
