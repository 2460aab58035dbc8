import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { ContentFolder } from '@/lib/blog/tools';
import { createDataClient } from '@/lib/data/tools';
import { OWNER } from '@/lib/data/types';
import { memberId, members } from '@/lib/members/tools';
import { importSite, WPTT } from './import-site';

// An import that fails midway (the disk, a killed process) leaves what it wrote whole, and the next run finishes it
// without making anything twice; a writer who is already a member of the site (by e-mail) writes as that member.

const FIXTURE = WPTT;
const site = () => importSite('import-resume');

describe('an import stopped midway', () => {
  it('is finished by the next run: every post once, the same ids, nothing half-written', async () => {
    const { blog, posts } = site();
    // The disk fails at the 30th post's write.
    const writePost = ContentFolder.prototype.writePost;
    let writes = 0;
    const failing = vi.spyOn(ContentFolder.prototype, 'writePost').mockImplementation(function (
      this: ContentFolder,
      post,
    ) {
      if (++writes === 30) return Promise.reject(new Error('ENOSPC: no space left on device'));
      return writePost.call(this, post);
    });
    const stopped = await blog(['import', FIXTURE]);
    expect(stopped.code).toBe(1);
    expect(stopped.err).toContain('ENOSPC');
    failing.mockRestore();
    const halfway = posts();
    expect(halfway).toHaveLength(29);

    const finished = await blog(['import', FIXTURE]);
    expect(finished.code).toBe(0);
    // Posts and pages together: the 29 written before are found unchanged, the 50 others made.
    const counts = (outcome: string) =>
      [...finished.out.matchAll(new RegExp(`^ {2}(?:post|page): .*?(\\d+) ${outcome}`, 'gm'))].reduce(
        (sum, m) => sum + Number(m[1]),
        0,
      );
    expect([counts('created'), counts('unchanged')]).toEqual([79 - 29, 29]);
    const all = posts();
    expect(all).toHaveLength(58 + 21);
    expect(new Set(all.map((p) => p.id)).size).toBe(all.length);
    expect(new Set(all.map((p) => p.slug)).size).toBe(all.length);
    // What the first run wrote is what the second found: the same records.
    for (const post of halfway) expect(all.find((p) => p.id === post.id)).toEqual(post);
  });
});

describe("an export's writer who is a member here", () => {
  it('writes as that member: their posts carry the member id, and the writers file lists them by it', async () => {
    const { blog, posts, contentDir, openBackend } = site();
    const email = 'themeshaperwp+demos@gmail.com';
    const client = createDataClient({ backend: openBackend(), collections: [members] });
    await client.insert(
      members.id,
      { _id: memberId(email), email, displayName: 'Theme Buster', status: 'ACTIVE', emailVerified: true },
      OWNER,
    );
    await client.close();
    const run = await blog(['import', FIXTURE]);
    expect(run.code).toBe(0);
    const byMember = posts().filter((p) => p.memberId === memberId(email));
    expect(byMember.length).toBeGreaterThan(0);
    const writers = JSON.parse(readFileSync(path.join(contentDir, 'authors.json'), 'utf8')) as { id: string }[];
    expect(writers.map((w) => w.id)).toContain(memberId(email));
  });
});
