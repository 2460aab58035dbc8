import { randomBytes } from 'node:crypto';
import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';

// Passwords, hashed with argon2id (`@node-rs/argon2`: the Rust argon2 crate as a prebuilt N-API binding per platform,
// no install script; the `argon2` package's prebuilt linux-x64 binary crashed here without its build script). The
// default cost is OWASP's first argon2id setting (19 MiB, 2 passes, 1 lane); tests pass a cheaper one.

export interface HashCost {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

export const DEFAULT_HASH_COST: HashCost = { memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 };

export const MIN_PASSWORD_LENGTH = 8;
/** argon2 takes any length; a bound keeps one request from costing more than another. */
export const MAX_PASSWORD_LENGTH = 256;

export const acceptablePassword = (password: unknown): password is string =>
  typeof password === 'string' && password.length >= MIN_PASSWORD_LENGTH && password.length <= MAX_PASSWORD_LENGTH;

export interface Passwords {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
  /** Checks `password` against a hash of nothing anyone knows: the same work as `verify`, for an unknown address. */
  verifyDummy(password: string): Promise<void>;
}

export function createPasswords(cost: HashCost = DEFAULT_HASH_COST): Passwords {
  let dummy: Promise<string> | undefined;
  // `algorithm: 2` is the library's Algorithm.Argon2id (a const enum, which isolated modules cannot read).
  const hash = (password: string) => argonHash(password, { algorithm: 2, ...cost });
  const verify = async (stored: string, password: string) => {
    try {
      return await argonVerify(stored, password);
    } catch {
      // A stored value that is not a hash: no password matches it (the error would name nothing useful).
      return false;
    }
  };
  return {
    hash,
    verify,
    async verifyDummy(password) {
      dummy ??= hash(randomBytes(32).toString('base64url'));
      await verify(await dummy, password);
    },
  };
}
