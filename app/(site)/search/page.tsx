import type { Metadata } from 'next';
import Link from 'next/link';
import { PostList } from '@/components/post/post-list';
import { listCategories, searchPosts } from '@/lib/blog/reads';
import { categoryPath } from '@/lib/core/site';

export const metadata: Metadata = { title: 'Search', robots: { index: false } };

// Results are part of the first HTML, not streamed behind a fallback: a reader without JavaScript would
// otherwise see "Searching…" for ever. Search reads the request anyway, so there is no static shell to lose.
export const instant = false;

const MAX_QUERY = 200;

async function NoResults({ q }: { q: string }) {
  const categories = (await listCategories()).filter((c) => (c.postCount ?? 0) > 0);
  return (
    <div className="search-empty">
      <p role="status">No posts match “{q}”.</p>
      <p>Try fewer or shorter words, check the spelling, or browse a category:</p>
      <ul className="term-list">
        {categories.map((c) => (
          <li key={c.id}>
            <Link href={categoryPath(c.slug)}>{c.label}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export default async function SearchPage({ searchParams }: PageProps<'/search'>) {
  const raw = (await searchParams).q;
  const q = (Array.isArray(raw) ? raw[0] : raw)?.trim().slice(0, MAX_QUERY) ?? '';
  const posts = q ? await searchPosts(q) : [];
  return (
    <>
      <header className="listing-header">
        <h1>Search</h1>
        <form action="/search" method="get" role="search" className="search-form">
          <label htmlFor="search-q">Search titles and text</label>
          <input id="search-q" name="q" type="search" defaultValue={q} maxLength={MAX_QUERY} />
          <button type="submit">Search</button>
        </form>
      </header>
      {!q ? (
        <p>Type a word or two to search titles and text.</p>
      ) : posts.length === 0 ? (
        <NoResults q={q} />
      ) : (
        <>
          <p role="status">
            {posts.length} {posts.length === 1 ? 'post matches' : 'posts match'} “{q}”.
          </p>
          <PostList posts={posts} />
        </>
      )}
    </>
  );
}
