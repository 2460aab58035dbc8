'use client';

import { useEffect, useState } from 'react';
import { hasMemberHint, MEMBER_SESSION_API } from '@/lib/core/site';

// "Signed in as …" in the public header: the one part of a prerendered page that depends on the visitor. The HTML
// (the same for everyone, cached) says "Sign in"; in a browser that signed in, the readable hint cookie says there is
// a session worth asking about, and only then is its name fetched. Visitors who never signed in make no request.

/** `signIn` and `signedInAs` are the page's words (the server's, in the page's language). */
export function MemberBadge({
  signIn = 'Sign in',
  signedInAs = 'Signed in as ',
}: {
  signIn?: string;
  signedInAs?: string;
}) {
  const [name, setName] = useState<string | null>(null);
  useEffect(() => {
    if (!hasMemberHint(document.cookie)) return;
    const controller = new AbortController();
    fetch(MEMBER_SESSION_API, { signal: controller.signal, cache: 'no-store' })
      .then((response) => (response.ok ? response.json() : null))
      .then((body: { member?: { displayName?: unknown } } | null) => {
        const displayName = body?.member?.displayName;
        if (typeof displayName === 'string' && displayName) setName(displayName);
      })
      // Offline, or the session ended: the page keeps its "Sign in".
      .catch(() => {});
    return () => controller.abort();
  }, []);
  return name ? (
    <a href="/account" className="member-badge" data-member-badge="member">
      <span className="member-badge__label">{signedInAs}</span>
      <strong>{name}</strong>
    </a>
  ) : (
    <a href="/signin" className="member-badge" data-member-badge="visitor" rel="nofollow">
      {signIn}
    </a>
  );
}
