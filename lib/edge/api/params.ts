import { errors } from '@/lib/core/errors';
import { MAX_LIST_VALUES } from '@/lib/core/query/filter';
import { checkLimit, checkOffset } from '@/lib/core/query/paging';
import {
  POST_FIELDSETS,
  POST_SORTS,
  type PostFieldset,
  type PostSort,
  STATS_ORDERS,
  type StatsOrder,
} from '@/lib/blog/types';
import type { ListPostsOptions, PostCountStatsOptions } from '@/lib/blog';
import { canonicalTimeZone, statsDate } from '@/lib/blog';

// Query-string parsing for the GET routes. Lists may be repeated (?tagIds=a&tagIds=b) or comma-separated.

const list = (params: URLSearchParams, name: string): string[] | undefined => {
  const values = params
    .getAll(name)
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
  if (values.length > MAX_LIST_VALUES) {
    const tooMany = name.endsWith('Ids') ? errors.tooManyIds : errors.tooManyValues;
    throw tooMany(`${name} takes at most ${MAX_LIST_VALUES} values`);
  }
  return values.length ? values : undefined;
};

const one = (params: URLSearchParams, name: string) => params.get(name)?.trim() || undefined;

function oneOf<T extends string>(params: URLSearchParams, name: string, allowed: readonly T[]): T | undefined {
  const value = one(params, name);
  if (value === undefined) return undefined;
  if (!allowed.includes(value as T)) throw errors.notAChoice(`${name} must be one of ${allowed.join(', ')}`);
  return value as T;
}

/**
 * A decimal number with an optional exponent, as JSON writes numbers (leading zeros allowed), so that
 * `1e21` is the same number here as in a request body, and gets the same code (WDE0037, not below 2^53).
 */
const JSON_NUMBER = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/;

/** A number in that spelling; anything else is NaN, which the paging checks answer as not a number (WDE0032). */
const number = (params: URLSearchParams, name: string): number | undefined => {
  const value = one(params, name);
  if (value === undefined) return undefined;
  return JSON_NUMBER.test(value) ? Number(value) : Number.NaN;
};

function boolean(params: URLSearchParams, name: string): boolean | undefined {
  const value = one(params, name);
  if (value === undefined) return undefined;
  if (value !== 'true' && value !== 'false') throw errors.booleanOperand(`${name} must be true or false`);
  return value === 'true';
}

export function parseFieldsets(params: URLSearchParams): PostFieldset[] | undefined {
  const values = list(params, 'fieldsets');
  for (const v of values ?? []) {
    if (!POST_FIELDSETS.includes(v as PostFieldset))
      throw errors.notAChoice(`fieldsets must be among ${POST_FIELDSETS.join(', ')}`);
  }
  return values as PostFieldset[] | undefined;
}

export function parseFieldsetsBody(value: unknown): PostFieldset[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.some((v) => !POST_FIELDSETS.includes(v))) {
    throw errors.notAChoice(`fieldsets must be an array among ${POST_FIELDSETS.join(', ')}`);
  }
  return value as PostFieldset[];
}

export function parseListPosts(params: URLSearchParams): ListPostsOptions {
  const limit = number(params, 'paging.limit');
  const offset = number(params, 'paging.offset');
  return {
    featured: boolean(params, 'featured'),
    hashtags: list(params, 'hashtags'),
    categoryIds: list(params, 'categoryIds'),
    tagIds: list(params, 'tagIds'),
    memberId: one(params, 'memberId'),
    language: one(params, 'language'),
    sort: oneOf<PostSort>(params, 'sort', POST_SORTS),
    fieldsets: parseFieldsets(params),
    paging: {
      limit: limit === undefined ? undefined : checkLimit(limit, 50),
      offset: offset === undefined ? undefined : checkOffset(offset),
    },
  };
}

export function parseStatsParams(params: URLSearchParams): PostCountStatsOptions {
  const timeZone = one(params, 'timeZone');
  const months = number(params, 'months');
  if (months !== undefined && (!Number.isInteger(months) || months < 1 || months > 1200)) {
    throw errors.limitOutOfRange('months must be an integer between 1 and 1200');
  }
  const date = (name: string) => {
    const value = one(params, name);
    statsDate(name, value);
    return value;
  };
  return {
    rangeStart: date('rangeStart'),
    rangeEnd: date('rangeEnd'),
    order: oneOf<StatsOrder>(params, 'order', STATS_ORDERS),
    months,
    language: one(params, 'language'),
    // Canonical, so that every spelling of one zone shares a cache entry.
    timeZone: timeZone === undefined ? undefined : canonicalTimeZone(timeZone),
  };
}
