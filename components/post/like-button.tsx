'use client';

import { type FormEvent, useEffect, useState } from 'react';
import { useHydrated } from '@/components/use-hydrated';
import { LIKER_HINT_COOKIE, LIKES_FRAGMENT, MEMBER_HINT_COOKIE, postLikesApi } from '@/lib/core/site';

// The like button under a post. The HTML is the same for everyone (prerendered, cached): a form that posts to the
// post's likes route and comes back with a 303, so it works without JavaScript, and the count as of the last like
// (the page is refreshed by each post_liked / post_unliked event). Once hydrated it asks whether this browser likes the
// post, but only when a readable hint cookie says it may have (it liked something, or a member is signed in), and then
// likes and unlikes in place with one fetch each.

interface LikeButtonProps {
  postId: string;
  /** The post's like count when the page was rendered; null when it could not be read. */
  count: number | null;
  /** The page's language, and its words: `one`/`other` are the count's plural forms, `#` the number. */
  language?: string;
  words?: LikeWords;
}

interface LikeWords {
  like: string;
  likeThis: string;
  unlike: string;
  one: string;
  other: string;
}

const ENGLISH: LikeWords = {
  like: 'Like',
  likeThis: 'Like this post',
  unlike: 'Remove my like',
  one: '# like',
  other: '# likes',
};

interface LikeState {
  total: number;
  liked: boolean;
}

const hasCookie = (name: string) => document.cookie.split(/;\s*/).some((c) => c.startsWith(`${name}=`));
const isState = (body: unknown): body is LikeState =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as LikeState).total === 'number' &&
  typeof (body as LikeState).liked === 'boolean';

/** "1 like", "2 likes": the language's plural rule picks the form (Intl, nothing shipped). */
const countText = (total: number, language: string, said: LikeWords) =>
  (new Intl.PluralRules(language).select(total) === 'one' ? said.one : said.other).replace(
    '#',
    total.toLocaleString(language),
  );

export function LikeButton({ postId, count, language = 'en', words: said = ENGLISH }: LikeButtonProps) {
  const [state, setState] = useState<{ total: number | null; liked: boolean }>({ total: count, liked: false });
  // False in the server's HTML and while hydrating, true after: the no-JavaScript "Remove my like" goes then.
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const api = postLikesApi(postId);

  useEffect(() => {
    if (!hasCookie(LIKER_HINT_COOKIE) && !hasCookie(MEMBER_HINT_COOKIE)) return;
    const controller = new AbortController();
    fetch(api, { signal: controller.signal, cache: 'no-store' })
      .then((response) => (response.ok ? response.json() : null))
      .then((body: unknown) => isState(body) && setState(body))
      // Offline: the page keeps its count and a plain "Like".
      .catch(() => {});
    return () => controller.abort();
  }, [api]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const response = await fetch(api, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ intent: state.liked ? 'unlike' : 'like' }),
        cache: 'no-store',
      });
      const body: unknown = await response.json().catch(() => null);
      if (isState(body)) setState(body);
    } catch {
      // Offline: nothing changed.
    } finally {
      setBusy(false);
    }
  }

  return (
    <form id={LIKES_FRAGMENT} className="likes" method="post" action={api} onSubmit={submit} data-liked={state.liked}>
      <button
        type="submit"
        name="intent"
        value={state.liked ? 'unlike' : 'like'}
        className="likes__button"
        aria-label={said.likeThis}
        aria-pressed={state.liked}
        aria-busy={busy || undefined}
      >
        <span aria-hidden="true">{state.liked ? '♥' : '♡'}</span> {said.like}
      </button>
      {state.total !== null && (
        <output className="likes__count" aria-live="polite">
          {countText(state.total, language, said)}
        </output>
      )}
      {!hydrated && (
        <button type="submit" name="intent" value="unlike" className="likes__undo">
          {said.unlike}
        </button>
      )}
    </form>
  );
}
