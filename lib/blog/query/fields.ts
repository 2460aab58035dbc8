import { type FieldInfo, type FieldSchema, fieldSchema } from '@/lib/core/query/schema';
import type { Post } from '../types';

// The fields a post query may filter and sort on, and how to read each from a post.

interface FieldSpec extends FieldInfo {
  read: (post: Post) => unknown;
}

export const QUERY_FIELDS = {
  id: { kind: 'string', sortable: true, ids: true, read: (p) => p.id },
  title: { kind: 'string', sortable: true, read: (p) => p.title },
  slug: { kind: 'string', sortable: true, read: (p) => p.slug },
  firstPublishedDate: { kind: 'date', sortable: true, read: (p) => p.firstPublishedDate },
  lastPublishedDate: { kind: 'date', sortable: true, read: (p) => p.lastPublishedDate },
  featured: { kind: 'boolean', sortable: true, read: (p) => p.featured },
  pinned: { kind: 'boolean', sortable: true, read: (p) => p.pinned },
  categoryIds: { kind: 'stringArray', sortable: false, ids: true, read: (p) => p.categoryIds },
  tagIds: { kind: 'stringArray', sortable: false, ids: true, read: (p) => p.tagIds },
  hashtags: { kind: 'stringArray', sortable: false, read: (p) => p.hashtags },
  memberId: { kind: 'string', sortable: true, ids: true, read: (p) => p.memberId },
  minutesToRead: { kind: 'number', sortable: true, read: (p) => p.minutesToRead },
  language: { kind: 'string', sortable: true, read: (p) => p.language },
  'metrics.views': { kind: 'number', sortable: true, read: (p) => p.metrics?.views },
  'metrics.likes': { kind: 'number', sortable: true, read: (p) => p.metrics?.likes },
  'metrics.comments': { kind: 'number', sortable: true, read: (p) => p.metrics?.comments },
} as const satisfies Record<string, FieldSpec>;

export type QueryField = keyof typeof QUERY_FIELDS;

export const fieldSpec = (name: QueryField): FieldSpec => QUERY_FIELDS[name];

/** The post fields as the query language's schema: what `parseFilter` and `parseSort` check post queries against. */
export const POST_SCHEMA: FieldSchema<QueryField> = fieldSchema(QUERY_FIELDS);
