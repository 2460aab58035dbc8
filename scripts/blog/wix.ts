import { posts } from '@wix/blog';
import { createClient } from '@wix/sdk';
import { type FoundCollection, SITE_COLLECTIONS, wixCollectionOf, wixCollections } from '@/lib/data/tools';
import type { CollectionDeclaration } from '@/lib/data/types';
import { checkWebhookKey } from '@/lib/edge/webhooks/keys';
import { apiKeyAuth } from '@/lib/wix/auth';
import { transportFor } from '@/lib/wix/transport';
import { UsageError } from './errors';
import { cliSettings } from './settings';

// `npm run blog -- wix check` and `wix setup [--dry-run]`: a Wix site seen the way the site will use it, with the
// site's API key (WIX_API_KEY, WIX_SITE_ID). `check` lists what it has and lacks: the Blog, the site's collections
// (lib/data/collections.ts) with their fields and permissions, the members' OAuth app and its redirect URI, the
// webhook key. `setup` then creates the missing collections through the Data Collections API (@wix/data
// `collections.createDataCollection`), with the fields and permissions declared; a collection that exists is never
// changed (it holds the owner's items: a difference is reported, for the owner to settle in the Wix dashboard), so a
// second run creates nothing. `--dry-run` prints the calls setup would make, and makes none.

export const WIX_USAGE = `A Wix site (with WIX_API_KEY and WIX_SITE_ID):
  wix check             list what the site has and lacks (exit 1 when it lacks something)
  wix setup [--dry-run] create the missing collections (--dry-run: print the calls, make none)`;

export interface WixIo {
  env: Record<string, string | undefined>;
  fetch: typeof fetch;
  out: (line: string) => void;
}

interface Comparison {
  declaration: CollectionDeclaration;
  found?: FoundCollection;
  /** Declared fields the site's collection lacks, holds with another type, or points elsewhere. */
  fields: string[];
  /** Operations whose role differs from the declaration's. */
  permissions: string[];
}

/** The collection a declared (Wix-shaped) field points at, if it is a reference. */
const pointsAt = (field: ReturnType<typeof wixCollectionOf>['fields'][number]) =>
  field.typeMetadata?.reference?.referencedCollectionId ?? field.typeMetadata?.multiReference?.referencedCollectionId;

/**
 * What the site needs of a collection and the site's one lacks: a field (or its type), a reference field pointing at
 * the collection the site reads (a series' `posts` at Blog/Posts: another would list ids no post has), that collection
 * itself (a site without the Blog app has no Blog/Posts), and each operation's role.
 */
function compare(
  declaration: CollectionDeclaration,
  found: FoundCollection | undefined,
  siteHas: (collectionId: string) => boolean,
): Comparison {
  if (!found) return { declaration, fields: [], permissions: [] };
  const wanted = wixCollectionOf(declaration);
  const byKey = new Map(found.fields.map((field) => [field.key, field]));
  const fields = wanted.fields.flatMap((field) => {
    const there = byKey.get(field.key!);
    const target = pointsAt(field);
    if (!there || there.type !== field.type)
      return [`${field.key} (${field.type}${there ? `, found ${there.type}` : ''})`];
    if (target && there.references !== target)
      return [`${field.key} (pointing at ${target}, found ${there.references ?? 'none'})`];
    if (target && !siteHas(target)) return [`${field.key} (points at ${target}, which the site does not have)`];
    return [];
  });
  const permissions = Object.entries(wanted.permissions)
    .filter(([operation, role]) => found.permissions[operation] !== role)
    .map(([operation, role]) => `${operation}: ${role} (found ${found.permissions[operation] ?? 'none'})`);
  return { declaration, found, fields, permissions };
}

/** The request the SDK sends for `createDataCollection`, recorded rather than sent (for --dry-run). */
async function creationCall(declaration: CollectionDeclaration, apiBaseUrl: string | undefined) {
  let call = '';
  const record: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    call = `${init?.method ?? 'GET'} ${url.pathname} ${String(init?.body ?? '')}`;
    return Response.json({ collection: {} });
  };
  const dry = wixCollections({ apiKey: 'dry-run', siteId: 'dry-run', apiBaseUrl, fetch: record, retries: 0 });
  await dry.create(declaration);
  return call;
}

export async function runWix(argv: string[], io: WixIo): Promise<number> {
  const [command, ...flags] = argv;
  if (command !== 'check' && command !== 'setup') throw new UsageError(WIX_USAGE);
  const dryRun = flags.includes('--dry-run');
  const unknown = flags.filter((flag) => flag !== '--dry-run');
  if (unknown.length > 0 || (dryRun && command !== 'setup')) {
    throw new UsageError(`wix ${command} takes ${command === 'setup' ? '--dry-run only' : 'no flags'}\n${WIX_USAGE}`);
  }
  const { env, out } = io;
  const apiKey = env.WIX_API_KEY?.trim();
  const siteId = env.WIX_SITE_ID?.trim();
  if (!apiKey || !siteId) {
    throw new UsageError(
      'wix needs the site\'s API key: set WIX_API_KEY (Wix dashboard, "API Keys", with the Wix Blog and Wix Data ' +
        'permissions) and WIX_SITE_ID',
    );
  }
  // The site's public origin, read as the site reads it: the OAuth app's redirect URI is under it.
  const { siteUrl } = cliSettings(env);
  const apiBaseUrl = env.WIX_API_BASE_URL?.trim() || undefined;
  const settings = { apiKey, siteId, apiBaseUrl, fetch: io.fetch };
  let lacking = 0;

  // The Blog: one post listed.
  const blog = createClient({ modules: { posts }, auth: apiKeyAuth(apiKey, siteId), fetch: transportFor(settings) });
  try {
    const answer = await blog.posts.listPosts({ paging: { limit: 1 } });
    out(`Blog: yes (${answer.metaData?.total ?? answer.posts?.length ?? 0} published posts)`);
  } catch (error) {
    lacking++;
    out(`Blog: not reachable with this key (${error instanceof Error ? error.message : String(error)})`);
  }

  // The site's collections.
  const cms = wixCollections(settings);
  const found = new Map((await cms.list()).map((collection) => [collection.id, collection]));
  const comparisons = SITE_COLLECTIONS.map((declaration) =>
    compare(declaration, found.get(declaration.id), (id) => found.has(id)),
  );
  for (const { declaration, found: there, fields, permissions } of comparisons) {
    const name = `Collection ${declaration.id} (${declaration.feature ?? 'the site'})`;
    if (!there) {
      lacking++;
      out(`${name}: missing`);
      continue;
    }
    if (fields.length === 0 && permissions.length === 0) {
      out(`${name}: yes`);
      continue;
    }
    lacking++;
    out(`${name}: yes, but differs (change it in the Wix dashboard's CMS; setup never changes a collection)`);
    if (fields.length) out(`  fields to add or change: ${fields.join(', ')}`);
    if (permissions.length) out(`  permissions: ${permissions.join(', ')}`);
  }

  // Members at Wix: the OAuth app (no API reads its redirect URIs: say which one it must allow).
  const clientId = env.WIX_CLIENT_ID?.trim();
  if (clientId) {
    out(`Members: sign in at Wix (WIX_CLIENT_ID). The OAuth app must allow ${siteUrl}/api/members/callback as a`);
    out('  redirect URI (Wix dashboard, "Headless Settings", the OAuth app, "Allowed redirect domains").');
  } else {
    out('Members: on the site itself (set WIX_CLIENT_ID, an OAuth app of the site, for members at Wix).');
  }

  // The webhook key.
  try {
    checkWebhookKey(env.WIX_WEBHOOK_PUBLIC_KEY);
    out(
      env.WIX_WEBHOOK_PUBLIC_KEY?.trim()
        ? 'Webhooks: WIX_WEBHOOK_PUBLIC_KEY is a public key'
        : "Webhooks: no WIX_WEBHOOK_PUBLIC_KEY (copy the app's public key from its Webhooks page, or pages refresh " +
            'only on their timers)',
    );
  } catch (error) {
    lacking++;
    out(`Webhooks: WIX_WEBHOOK_PUBLIC_KEY is not usable: ${error instanceof Error ? error.message : String(error)}`);
  }

  if (command === 'check') return lacking > 0 ? 1 : 0;

  const missing = comparisons.filter((comparison) => !comparison.found).map((comparison) => comparison.declaration);
  if (missing.length === 0) {
    out('Nothing to create: every collection the site needs is there.');
    return 0;
  }
  for (const declaration of missing) {
    if (dryRun) {
      out(`would send: ${await creationCall(declaration, apiBaseUrl)}`);
      continue;
    }
    await cms.create(declaration);
    out(`created ${declaration.id} (${declaration.feature ?? 'the site'})`);
  }
  if (!dryRun) out('Then press "Check again" on /dashboard, or restart the site, to turn these on.');
  return 0;
}
