import type { Metadata } from 'next';
import { Suspense } from 'react';
import { PostList } from '@/components/post/post-list';
import { searchPosts } from '@/lib/blog/reads';

export const metadata: Metadata = { title: 'Search', robots: { index: false } };

const MAX_QUERY = 200;

async function Results({ searchParams }: { searchParams: PageProps<'/search'>['searchParams'] }) {
  const raw = (await searchParams).q;
  const q = (Array.isArray(raw) ? raw[0] : raw)?.trim().slice(0, MAX_QUERY) ?? '';
  if (!q) return <p>Type a word or two to search titles and text.</p>;
  const posts = await searchPosts(q);
  return (
    <>
      <p role="status">
        {posts.length === 0 ? 'No posts match' : `${posts.length} ${posts.length === 1 ? 'post matches' : 'posts match'}`} “{q}”.
      </p>
      <PostList posts={posts} />
    </>
  );
}

export default function SearchPage({ searchParams }: PageProps<'/search'>) {
  return (
    <>
      <header className="listing-header">
        <h1>Search</h1>
      </header>
      <Suspense fallback={<p>Searching…</p>}>
        <Results searchParams={searchParams} />
      </Suspense>
    </>
  );
}
