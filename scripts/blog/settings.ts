import { z } from 'zod';
import { UsageError } from './errors';

const Env = z.object({
  BLOG_CONTENT_DIR: z.string().trim().min(1).default('content'),
  SITE_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:3000'),
});

export interface CliSettings {
  contentDir: string;
  siteUrl: string;
}

export function cliSettings(env: Record<string, string | undefined>): CliSettings {
  const blank = (v: string | undefined) => (v?.trim() ? v.trim() : undefined);
  const parsed = Env.safeParse({ BLOG_CONTENT_DIR: blank(env.BLOG_CONTENT_DIR), SITE_URL: blank(env.SITE_URL) });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new UsageError(`${String(issue.path[0])} is invalid: ${issue.message}`);
  }
  return { contentDir: parsed.data.BLOG_CONTENT_DIR, siteUrl: parsed.data.SITE_URL.replace(/\/+$/, '') };
}
