import { z } from 'zod';

// Environment of the blog client, checked once; a half-configured Wix setup fails with the variable's name.

const Env = z.object({
  BLOG_SOURCE: z.enum(['local', 'wix']).optional(),
  BLOG_CONTENT_DIR: z.string().min(1).default('content'),
  WIX_CLIENT_ID: z.string().min(1).optional(),
  WIX_API_KEY: z.string().min(1).optional(),
  WIX_SITE_ID: z.string().min(1).optional(),
  WIX_API_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  SITE_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:3000'),
});

export type BlogConfig = {
  source: 'local' | 'wix';
  contentDir: string;
  siteUrl: string;
  wix: { clientId?: string; apiKey?: string; siteId?: string; apiBaseUrl?: string };
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function readConfig(env: Record<string, string | undefined> = process.env): BlogConfig {
  const blank = (v: string | undefined) => (v === undefined || v.trim() === '' ? undefined : v.trim());
  const parsed = Env.safeParse(Object.fromEntries(Object.entries(env).map(([k, v]) => [k, blank(v)])));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`${String(issue.path[0])} is invalid: ${issue.message}`);
  }
  const e = parsed.data;
  if (e.WIX_API_KEY && !e.WIX_SITE_ID) throw new ConfigError('WIX_SITE_ID is required when WIX_API_KEY is set');
  if (e.WIX_SITE_ID && !e.WIX_API_KEY && !e.WIX_CLIENT_ID) throw new ConfigError('WIX_API_KEY is required when WIX_SITE_ID is set');
  const hasWix = Boolean(e.WIX_CLIENT_ID || e.WIX_API_KEY);
  const source = e.BLOG_SOURCE ?? (hasWix ? 'wix' : 'local');
  if (source === 'wix' && !hasWix) throw new ConfigError('BLOG_SOURCE=wix needs WIX_CLIENT_ID, or WIX_API_KEY with WIX_SITE_ID');
  return {
    source,
    contentDir: e.BLOG_CONTENT_DIR,
    siteUrl: e.SITE_URL.replace(/\/+$/, ''),
    wix: { clientId: e.WIX_CLIENT_ID, apiKey: e.WIX_API_KEY, siteId: e.WIX_SITE_ID, apiBaseUrl: e.WIX_API_BASE_URL },
  };
}

let cached: BlogConfig | undefined;
export const config = (): BlogConfig => (cached ??= readConfig());
