import { z } from 'zod';

// The owner login's settings. No OWNER_PASSWORD: login is off. A password with a missing or short
// SESSION_SECRET is a misconfiguration named by its variable, never a silent fallback to a weak key.
// TRUST_PROXY_HOPS says how many reverse proxies stand in front of the server (lib/auth/client-ip.ts); a bad
// value is a misconfiguration whether or not login is on, so the server refuses to start with it.

export const MIN_SECRET_LENGTH = 32;
export const DEFAULT_TRUST_PROXY_HOPS = 1;
const MAX_TRUST_PROXY_HOPS = 20;

const Env = z.object({
  OWNER_PASSWORD: z.string().optional(),
  SESSION_SECRET: z.string().optional(),
});

export type OwnerConfig =
  | { status: 'disabled'; message: string }
  | { status: 'misconfigured'; message: string }
  | { status: 'ready'; password: string; secret: string; trustProxyHops: number };

type Env = Record<string, string | undefined>;

/** TRUST_PROXY_HOPS as a number, or null when it is not a whole number from 0 to 20. Unset or blank: 1. */
export function parseTrustProxyHops(env: Env = process.env): number | null {
  const raw = env.TRUST_PROXY_HOPS?.trim() ?? '';
  if (raw === '') return DEFAULT_TRUST_PROXY_HOPS;
  if (!/^\d{1,2}$/.test(raw)) return null;
  const hops = Number(raw);
  return hops <= MAX_TRUST_PROXY_HOPS ? hops : null;
}

/** The proxy hops to trust at run time; an invalid value (which stops the server at start) trusts none. */
export const trustProxyHops = (env: Env = process.env): number => parseTrustProxyHops(env) ?? 0;

export function readOwnerConfig(env: Env = process.env): OwnerConfig {
  const hops = parseTrustProxyHops(env);
  if (hops === null) {
    return {
      status: 'misconfigured',
      message: `TRUST_PROXY_HOPS must be a whole number from 0 to ${MAX_TRUST_PROXY_HOPS} (the reverse proxies in front of the server; 1 when unset), not ${JSON.stringify(env.TRUST_PROXY_HOPS)}.`,
    };
  }
  const e = Env.parse({ OWNER_PASSWORD: env.OWNER_PASSWORD, SESSION_SECRET: env.SESSION_SECRET });
  const password = e.OWNER_PASSWORD ?? '';
  const secret = e.SESSION_SECRET?.trim() ?? '';
  if (password === '') return { status: 'disabled', message: 'Owner login is disabled: OWNER_PASSWORD is not set.' };
  if (secret.length < MIN_SECRET_LENGTH) {
    return {
      status: 'misconfigured',
      message: `SESSION_SECRET must be set to at least ${MIN_SECRET_LENGTH} characters when OWNER_PASSWORD is set.`,
    };
  }
  return { status: 'ready', password, secret, trustProxyHops: hops };
}

/** Logs a misconfiguration once per process; the owner pages and the session route show it too. */
let warned = false;
export function ownerConfig(env: Env = process.env): OwnerConfig {
  const config = readOwnerConfig(env);
  if (config.status === 'misconfigured' && !warned) {
    warned = true;
    console.error(JSON.stringify({ msg: 'owner login misconfigured', detail: config.message }));
  }
  return config;
}
