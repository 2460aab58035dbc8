import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BASE, CLIENT_ID } from './wix-members';

// A site whose blog, members and comments are at Wix (the OAuth app and an API key, every call to the fake Wix at
// BASE), with its own records in a throwaway folder. Set before the site's modules are imported: the config is read
// once per test.

export const WIX_POST = '8e1cd74d-0746-47d2-b69e-ab7a6a51b539';
/** The id Wix files WIX_POST's comments under (24 characters at most: @wix/auto_sdk_blog_posts Post.referenceId). */
export const WIX_REFERENCE = '64d0c5a1e4b0f3a2c1d2e3f4';

export function wixSiteEnv(name: string, extra: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `${name}-`));
  Object.assign(process.env, {
    BLOG_SOURCE: 'wix',
    WIX_CLIENT_ID: CLIENT_ID,
    WIX_API_KEY: 'IST.site-api-key',
    WIX_SITE_ID: 'site-1',
    WIX_API_BASE_URL: BASE,
    DATA_DIR: dataDir,
    SITE_URL: 'https://blog.example',
    SESSION_SECRET: `${name}-secret-long-enough-0123456789abcdef`,
    ...extra,
  });
  return { dataDir, remove: () => rmSync(dataDir, { recursive: true, force: true }) };
}

/** A comment as the Comments API answers it (getComment), filed under WIX_REFERENCE. */
export const wixComment = (
  id: string,
  {
    parentId,
    author = 'member-bea',
    status = 'PUBLISHED',
    text = 'A reply',
  }: { parentId?: string; author?: string; status?: string; text?: string } = {},
) => ({
  id,
  appId: '14bcded7-0066-7c35-14d7-466cb3f09103',
  contextId: WIX_REFERENCE,
  resourceId: WIX_REFERENCE,
  ...(parentId && { parentComment: { id: parentId } }),
  status,
  author: { memberId: author },
  content: {
    richContent: {
      nodes: [
        {
          type: 'PARAGRAPH',
          id: 'p',
          nodes: [{ type: 'TEXT', id: '', nodes: [], textData: { text, decorations: [] } }],
          paragraphData: {},
        },
      ],
    },
  },
  createdDate: '2026-11-20T10:00:00.000Z',
  revision: '1',
});
