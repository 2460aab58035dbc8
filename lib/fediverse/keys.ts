import { exportJwk, generateCryptoKeyPair, importJwk } from '@fedify/fedify';
import { isCatalogueError } from '@/lib/core/errors';
import { type DataClient, OWNER } from '@/lib/data/types';
import { fediverseKeys } from './records';

// The blog actor's key pairs: made once, at the first request that needs them, and kept in the site's records, so
// every instance signs with the same keys and a restart changes nothing a follower has cached. RSA first (the key of
// HTTP Signatures, which Mastodon checks), then Ed25519 (object integrity proofs, FEP-8b32). The private halves never
// leave the records.

export interface BlogKeys {
  pairs(): Promise<CryptoKeyPair[]>;
}

const ALGORITHMS = ['RSASSA-PKCS1-v1_5', 'Ed25519'] as const;

export function recordsKeys(records: () => DataClient): BlogKeys {
  let loaded: Promise<CryptoKeyPair[]> | null = null;
  async function pairOf(algorithm: (typeof ALGORITHMS)[number]): Promise<CryptoKeyPair> {
    const stored = await records().get(fediverseKeys.id, algorithm, OWNER);
    if (stored) {
      return {
        publicKey: await importJwk(stored.publicJwk as JsonWebKey, 'public'),
        privateKey: await importJwk(stored.privateJwk as JsonWebKey, 'private'),
      };
    }
    const pair = await generateCryptoKeyPair(algorithm);
    const item = {
      _id: algorithm,
      algorithm,
      publicJwk: await exportJwk(pair.publicKey),
      privateJwk: await exportJwk(pair.privateKey),
    };
    try {
      await records().insert(fediverseKeys.id, item, OWNER);
      return pair;
    } catch (error) {
      // Another instance made its pair first: that one is the blog's.
      if (isCatalogueError(error) && error.wde === 'WDE0074') return pairOf(algorithm);
      throw error;
    }
  }
  return {
    pairs() {
      loaded ??= Promise.all(ALGORITHMS.map(pairOf)).catch((error: unknown) => {
        loaded = null;
        throw error;
      });
      return loaded;
    },
  };
}
