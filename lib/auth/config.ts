import { z } from 'zod';

// The owner's login settings. No OWNER_PASSWORD: login is off. A password with a missing or short
// SESSION_SECRET is a misconfiguration named by its variable, never a silent fallback to a weak key.

export const MIN_SECRET_LENGTH = 32;

const Env = z.object({
  OWNER_PASSWORD: z.string().optional(),
  SESSION_SECRET: z.string().optional(),
});

export type OwnerConfig =
  | { status: 'disabled'; message: string }
  | { status: 'misconfigured'; message: string }
  | { status: 'ready'; password: string; secret: string };

export function readOwnerConfig(env: Record<string, string | undefined> = process.env): OwnerConfig {
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
  return { status: 'ready', password, secret };
}

/** Logs a misconfiguration once per process; the owner pages and the session route show it too. */
let warned = false;
export function ownerConfig(env: Record<string, string | undefined> = process.env): OwnerConfig {
  const config = readOwnerConfig(env);
  if (config.status === 'misconfigured' && !warned) {
    warned = true;
    console.error(JSON.stringify({ msg: 'owner login misconfigured', detail: config.message }));
  }
  return config;
}
