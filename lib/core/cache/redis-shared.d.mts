// The types of redis-shared.mjs (a plain module Next's cache handlers load), for the TypeScript that imports it.

export interface TagDurations {
  expire?: number;
}

export interface RedisShared {
  /** Redis answers, and this instance hears the others' invalidations. */
  readonly up: boolean;
  lost(error: unknown): void;
  onReturn(callback: (replayed: [string, TagDurations | undefined][]) => void | Promise<void>): void;
  publish(tags: string[], durations: TagDurations | undefined, at: number): Promise<void>;
}

export declare function applyTags(tags: string[], durations: TagDurations | undefined, now: number): void;

/** The process's shared state, or null without REDIS_URL or during `next build`. */
export declare function redisShared(): RedisShared | null;

/** Redis key prefix for cache entries: per build. */
export declare function entryPrefix(distDir: string): string;
