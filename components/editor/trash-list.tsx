'use client';

import Link from 'next/link';
import { useState } from 'react';

// The trash (/dashboard/trash): each post with a Restore button, which brings it back as it was (published or a
// draft) and says so.

interface Trashed {
  id: string;
  title: string;
  deletedDate: string;
}

export function TrashList({ posts }: { posts: Trashed[] }) {
  const [restored, setRestored] = useState<Record<string, 'done' | string>>({});
  if (posts.length === 0) return <p>The trash is empty.</p>;
  const restore = async (id: string) => {
    const response = await fetch(`/api/owner/posts/${encodeURIComponent(id)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'restore' }),
    });
    const json = (await response.json().catch(() => ({}))) as { error?: { message?: string } };
    setRestored((r) => ({ ...r, [id]: response.ok ? 'done' : (json.error?.message ?? `error ${response.status}`) }));
  };
  return (
    <ul className="trash-list">
      {posts.map((post) => (
        <li key={post.id}>
          <strong>{post.title || 'Untitled'}</strong>{' '}
          <small>moved to the trash {new Date(post.deletedDate).toLocaleString()}</small>{' '}
          {restored[post.id] === 'done' ? (
            <span role="status">
              Restored. <Link href={`/dashboard/posts/${encodeURIComponent(post.id)}`}>Edit it</Link>
            </span>
          ) : (
            <>
              <button type="button" onClick={() => void restore(post.id)}>
                Restore “{post.title || 'Untitled'}”
              </button>
              {restored[post.id] && <span role="alert"> {restored[post.id]}</span>}
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
