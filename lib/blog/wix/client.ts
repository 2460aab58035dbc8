import { categories, draftPosts, posts, tags } from '@wix/blog';
import { files } from '@wix/media';
import { members } from '@wix/members';
import { createClient } from '@wix/sdk';
import type { CursorPage, PostFieldset } from '../types';
import { isRecord } from '@/lib/core/json';
import { MAX_PAGE_SIZE } from '../source';
import { apiKeyAuth, visitorAuth } from '@/lib/wix/auth';
import { checkWixCredentials, type WixCredentials } from '@/lib/core/config';
import { pathSegment } from './segments';
import type { TokenSettings } from '@/lib/wix/tokens';
import { type TransportSettings, transportFor } from '@/lib/wix/transport';
import { isNotFound, toCatalogueError } from '@/lib/wix/upstream';

/** Credentials, the transport's settings (the fetch under it, retries and backoff) and the token cache. */
export interface WixSourceConfig extends WixCredentials, TransportSettings, TokenSettings {}

/** Listing everything stops after this many pages, should Wix never say it is done. */
const MAX_PAGES = 100;

export type Json = Record<string, unknown>;

export const defined = <T extends Json>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

export const fieldsetOption = (fieldsets?: PostFieldset[]) => (fieldsets?.length ? { fieldsets } : {});

/** The longest cursor passed on to Wix; a longer one is WDE0165 without a call. */
export const MAX_CURSOR = 2000;

const cursorOf = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** A page of a Wix cursor query: its items and the answer's `pagingMetadata` (cursors, hasNext). */
export function cursorPage<T>(items: T[], body: Json): CursorPage<T> {
  const paging = isRecord(body.pagingMetadata) ? body.pagingMetadata : {};
  const cursors = isRecord(paging.cursors) ? paging.cursors : {};
  const next = cursorOf(cursors.next);
  return {
    items,
    cursors: { next, prev: cursorOf(cursors.prev) },
    hasNext: typeof paging.hasNext === 'boolean' ? paging.hasNext : next !== null,
  };
}

export const count = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;

/** The SDK client and the error discipline every call shares. */
export function createWixContext(config: WixSourceConfig) {
  checkWixCredentials(config);
  const transport = transportFor(config);
  const auth = config.apiKey
    ? apiKeyAuth(config.apiKey, config.siteId!)
    : visitorAuth(config.clientId!, transport, config.tokens);
  const client = createClient({
    // `files` (@wix/media): the desk's image uploads into the site's Media Manager.
    modules: { posts, categories, tags, draftPosts, members, files },
    auth,
    fetch: transport,
  });
  const secrets = [config.apiKey ?? ''];

  const fail = (error: unknown, what: string) => toCatalogueError(error, what, secrets);

  const call = async <T>(what: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw fail(error, what);
    }
  };

  /** A get: "not found" (or a key that cannot name an item) is null. */
  const get = async <T>(what: string, key: string, run: (segment: string) => Promise<T>): Promise<T | null> => {
    const segment = pathSegment(key);
    if (segment === null) return null;
    try {
      return await run(segment);
    } catch (error) {
      if (isNotFound(error)) return null;
      throw fail(error, what);
    }
  };

  /** Pages through an offset-paged list, 100 at a time, until Wix has no more. */
  const all = async <T>(
    what: string,
    page: (offset: number) => Promise<{ items: T[]; total?: number }>,
    maxPages = MAX_PAGES,
  ): Promise<T[]> => {
    const items: T[] = [];
    for (let n = 0; n < maxPages; n++) {
      const result = await call(what, () => page(items.length));
      items.push(...result.items);
      if (result.items.length < MAX_PAGE_SIZE || (result.total !== undefined && items.length >= result.total)) break;
    }
    return items;
  };

  /** The transport for a write sent once (an upload's bytes): a 429 retried, never a 5xx. */
  const writes = transportFor(config, false);

  return { client, fail, call, get, all, writes, hasApiKey: Boolean(config.apiKey) };
}

export type WixContext = ReturnType<typeof createWixContext>;
