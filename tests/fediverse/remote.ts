import { fetchDocumentLoader, type DocumentLoader } from '@fedify/fedify';

// The fediverse as the tests' blog sees it: remote documents (actors, their keys) served from a map, as Fedify's own
// tests serve theirs (a document loader), so that no test fetches from the network; a context the map lacks (the
// ActivityStreams and security vocabularies) comes from Fedify's preloaded copies.

export function remoteDocuments(): { documents: Map<string, unknown>; documentLoader: DocumentLoader } {
  const documents = new Map<string, unknown>();
  const documentLoader: DocumentLoader = async (url) => {
    const address = new URL(url);
    address.hash = '';
    const document = documents.get(address.href);
    return document ? { contextUrl: null, documentUrl: url, document } : fetchDocumentLoader(url);
  };
  return { documents, documentLoader };
}

/**
 * The site's federation as the tests build it: over the site's own records (its keys, followers, blocks, Fedify's
 * store) at `origin`, remote documents from `documentLoader`, no queue (what it sends goes at once); `settings` adds
 * or replaces the rest. Imported once the test file's site is set up (withSite), as the site's modules are.
 */
export async function siteFederationForTests(
  origin: string,
  documentLoader: DocumentLoader,
  settings: Partial<import('@/lib/fediverse/federation').BlogFederationSettings> = {},
) {
  const [{ createBlogFederation }, { recordsKvStore }, { recordsKeys }, { FEDIVERSE_COLLECTIONS }, data, site] =
    await Promise.all([
      import('@/lib/fediverse/federation'),
      import('@/lib/fediverse/kv'),
      import('@/lib/fediverse/keys'),
      import('@/lib/fediverse/records'),
      import('@/lib/data'),
      import('@/lib/fediverse'),
    ]);
  const records = () => data.recordsClient(...FEDIVERSE_COLLECTIONS);
  return createBlogFederation({
    origin,
    handle: 'blog',
    kv: recordsKvStore(records),
    profile: async () => ({ name: 'The Render Path', summary: 'Notes', url: `${origin}/` }),
    keys: recordsKeys(records),
    followers: site.siteFollowers(),
    blocks: site.siteBlocks(),
    readPost: async () => null,
    documentLoader,
    ...settings,
  });
}
