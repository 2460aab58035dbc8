'use client';
import './editor.css';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import type { OwnerTerm } from '@/lib/blog';
import { Notices } from './notices';

// The dashboard's Categories and tags (/dashboard/terms): each term's name, slug and description edited in place,
// a new one added, a deletion confirmed with what it does to the posts that carry it. Every action says what it did.

type Kind = 'category' | 'tag';

async function send(url: string, method: string, body?: unknown) {
  const response = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const json = (await response.json().catch(() => ({}))) as { posts?: number; error?: { message?: string } };
  return response.ok
    ? { ok: true as const, json }
    : { ok: false as const, message: json.error?.message ?? `error ${response.status}` };
}

export function TermsManager({ terms }: { terms: OwnerTerm[] }) {
  const router = useRouter();
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const done = (text: string) => (setError(''), setStatus(text), router.refresh());

  const save = async (term: OwnerTerm, form: FormData) => {
    const result = await send(`/api/owner/terms/${term.kind}/${encodeURIComponent(term.id)}`, 'PUT', {
      label: form.get('label'),
      slug: form.get('slug'),
      description: form.get('description'),
    });
    if (!result.ok) return setError(result.message);
    done(`Saved “${form.get('label')}”.`);
  };
  const remove = async (term: OwnerTerm) => {
    const what = term.posts === 1 ? '1 post carries it' : `${term.posts} posts carry it`;
    if (!confirm(`Delete “${term.label}”? ${what}; it will be taken off them. This cannot be undone.`)) return;
    const result = await send(`/api/owner/terms/${term.kind}/${encodeURIComponent(term.id)}`, 'DELETE');
    if (!result.ok) return setError(result.message);
    done(`Deleted “${term.label}”, taken off ${result.json.posts ?? 0} post${result.json.posts === 1 ? '' : 's'}.`);
  };
  const create = async (kind: Kind, form: FormData) => {
    const result = await send('/api/owner/terms', 'POST', {
      kind,
      label: form.get('label'),
      slug: form.get('slug') || undefined,
      description: form.get('description') || undefined,
    });
    if (!result.ok) return setError(result.message);
    done(`Added the ${kind} “${form.get('label')}”.`);
  };

  return (
    <div className="terms">
      <Notices status={status} error={error} />
      {(['category', 'tag'] as const).map((kind) => (
        <section key={kind} aria-labelledby={`terms-${kind}`}>
          <h2 id={`terms-${kind}`}>{kind === 'category' ? 'Categories' : 'Tags'}</h2>
          <ul className="terms__list">
            {terms
              .filter((t) => t.kind === kind)
              .map((term) => (
                <li key={term.id}>
                  <form
                    aria-label={`${kind === 'category' ? 'Category' : 'Tag'} ${term.label} (${term.language})`}
                    onSubmit={(e) => (e.preventDefault(), void save(term, new FormData(e.currentTarget)))}
                  >
                    <label>
                      Name <input name="label" defaultValue={term.label} required maxLength={100} />
                    </label>
                    <label>
                      Slug <input name="slug" defaultValue={term.slug} required pattern="[a-z0-9]+(-[a-z0-9]+)*" />
                    </label>
                    <label>
                      Description <input name="description" defaultValue={term.description} maxLength={500} />
                    </label>
                    <span className="terms__count">
                      {term.posts} post{term.posts === 1 ? '' : 's'} · {term.language}
                    </span>
                    <button type="submit">Save</button>
                    <button type="button" onClick={() => void remove(term)}>
                      Delete
                    </button>
                  </form>
                </li>
              ))}
          </ul>
          <form
            className="terms__new"
            aria-label={`New ${kind}`}
            onSubmit={(e) => {
              e.preventDefault();
              const form = e.currentTarget;
              void create(kind, new FormData(form)).then(() => form.reset());
            }}
          >
            <label>
              New {kind} <input name="label" required maxLength={100} />
            </label>
            <label>
              Slug (optional) <input name="slug" pattern="[a-z0-9]+(-[a-z0-9]+)*" />
            </label>
            <label>
              Description (optional) <input name="description" maxLength={500} />
            </label>
            <button type="submit">Add {kind}</button>
          </form>
        </section>
      ))}
    </div>
  );
}
