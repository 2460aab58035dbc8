import { collections } from '@wix/data';
import { createClient } from '@wix/sdk';
import { apiKeyAuth } from '@/lib/wix/auth';
import { withCallSignal } from '@/lib/wix/call-signal';
import { type TransportSettings, transportFor } from '@/lib/wix/transport';
import { toCatalogueError } from '@/lib/wix/upstream';
import type { CollectionDeclaration, FieldType } from '../model';

// The site's collections as a Wix site's CMS holds them, through the Data Collections API (`collections` of
// @wix/data, its typed calls over the site's transport): which of the declared collections the site has (a bare Wix
// site has none of them: the features that need one are off, lib/data/reads.ts), and each declaration as the
// collection to create (`npm run blog -- wix setup`).

export interface WixCollectionsConfig extends TransportSettings {
  apiKey: string;
  siteId: string;
}

/** Wix's largest page of collections. */
const PAGE = 100;
/** Listing stops here, should Wix never say it is done (a site holds a few dozen collections). */
const MAX_PAGES = 20;
/**
 * The listing, retries included, gives up after this long: pages ask it (lib/data/reads.ts) while they render, and a
 * Wix that does not answer must not hold them (the blog's calls have the same deadline, lib/blog/guard.ts).
 */
export const LIST_DEADLINE_MS = 4_000;

/** Our field types as the CMS names them (`Type` of @wix/auto_sdk_data_collections). */
const WIX_TYPES: Record<FieldType, collections.Field['type'] & string> = {
  text: 'TEXT',
  number: 'NUMBER',
  date: 'DATE',
  datetime: 'DATETIME',
  image: 'IMAGE',
  boolean: 'BOOLEAN',
  reference: 'REFERENCE',
  multiReference: 'MULTI_REFERENCE',
  richText: 'RICH_TEXT',
  url: 'URL',
  array: 'ARRAY',
  object: 'OBJECT',
};

/** The collections a declaration's `references` names, as Wix names them: a post is Wix Blog's `Blog/Posts`. */
const REFERENCED: Record<string, string> = { posts: 'Blog/Posts' };
const referenced = (id: string | undefined) => (id ? (REFERENCED[id] ?? id) : '');

/** The field of a declaration as Create Data Collection takes it. */
function wixField(
  collectionId: string,
  key: string,
  field: CollectionDeclaration['fields'][string],
): collections.Field {
  const type = WIX_TYPES[field.type];
  const typeMetadata =
    field.type === 'reference'
      ? { reference: { referencedCollectionId: referenced(field.references) } }
      : field.type === 'multiReference'
        ? {
            multiReference: {
              referencedCollectionId: referenced(field.references),
              referencingFieldKey: `${collectionId}_${key}`,
              referencingDisplayName: `${collectionId} ${key}`,
            },
          }
        : undefined;
  return { key, displayName: key, type, ...(typeMetadata && { typeMetadata }) };
}

/**
 * The collection to create for a declaration: its id, its fields with their CMS types, and its permissions (our roles
 * are Wix's; PRIVILEGED and CMS_EDITOR are the site's own, never a declared collection's).
 */
export function wixCollectionOf(declaration: CollectionDeclaration) {
  return {
    _id: declaration.id,
    displayName: declaration.id,
    fields: Object.entries(declaration.fields).map(([key, field]) => wixField(declaration.id, key, field)),
    // A copy: the SDK's request builder rewrites the body it is given in place, and a declaration's permissions are
    // shared (OWNER_ONLY, frozen), so handing them over as they are threw, and would have changed every collection's.
    permissions: { ...declaration.permissions } as Required<collections.Permissions>,
  } satisfies collections.DataCollection;
}

export type WixCollection = ReturnType<typeof wixCollectionOf>;

/** A collection as the site finds it: its id, its fields' keys and types, and its permissions. */
export interface FoundCollection {
  id: string;
  /** Each field's key and type, and the collection a reference or multi-reference field points at. */
  fields: Array<{ key: string; type: string; references?: string }>;
  permissions: Record<string, string>;
}

export function wixCollections(config: WixCollectionsConfig) {
  const auth = apiKeyAuth(config.apiKey, config.siteId);
  const reads = createClient({ modules: { collections }, auth, fetch: transportFor(config) });
  const writes = createClient({ modules: { collections }, auth, fetch: transportFor(config, false) });
  const secrets = [config.apiKey];

  return {
    /** Every collection of the site (Wix's own, like Blog/Posts, too). */
    async list(): Promise<FoundCollection[]> {
      const found: FoundCollection[] = [];
      const listAll = async () => {
        for (let page = 0; page < MAX_PAGES; page++) {
          const answer = await reads.collections.listDataCollections({
            paging: { limit: PAGE, offset: found.length },
            consistentRead: true,
          });
          for (const collection of answer.collections ?? []) {
            found.push({
              id: collection._id ?? '',
              fields: (collection.fields ?? []).map((field) => {
                const meta = field.typeMetadata;
                const references =
                  meta?.reference?.referencedCollectionId ?? meta?.multiReference?.referencedCollectionId;
                return { key: field.key ?? '', type: field.type ?? '', ...(references && { references }) };
              }),
              permissions: { ...(collection.permissions ?? {}) },
            });
          }
          if ((answer.collections ?? []).length < PAGE) break;
        }
      };
      try {
        await withCallSignal(AbortSignal.timeout(LIST_DEADLINE_MS), listAll);
      } catch (error) {
        throw toCatalogueError(error, 'listing the data collections', secrets);
      }
      return found;
    },

    /** Creates the collection a declaration describes. */
    async create(declaration: CollectionDeclaration): Promise<void> {
      try {
        await writes.collections.createDataCollection(wixCollectionOf(declaration));
      } catch (error) {
        throw toCatalogueError(error, `creating the collection ${declaration.id}`, secrets);
      }
    },
  };
}

export type WixCollectionsApi = ReturnType<typeof wixCollections>;
