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
