'use client';

import { type ReactNode, useEffect, useState } from 'react';
import { useHydrated } from '@/components/use-hydrated';

// "Share" under a post (issue 47). The server's HTML is the disclosure of share links (`children`: a <details> whose
// summary reads "Share"), which works without JavaScript. Once hydrated, where the browser has the Web Share API, this
// island shows one "Share" button opening the system's share sheet instead; a refused share (not a cancelled one)
// brings the links back, opened, with the focus on their summary.

export interface ShareButtonProps {
  url: string;
  title: string;
  /** The button's words ("Share"). */
  label: string;
  /** The id of the links' <details>, opened when the system refuses to share. */
  linksId: string;
  children: ReactNode;
}

export default function ShareButtonIsland({ url, title, label, linksId, children }: ShareButtonProps) {
  const hydrated = useHydrated();
  const [refused, setRefused] = useState(false);
  useEffect(() => {
    if (!refused) return;
    const links = document.getElementById(linksId);
    if (links instanceof HTMLDetailsElement) links.open = true;
    links?.querySelector('summary')?.focus();
  }, [refused, linksId]);
  if (!hydrated || refused || typeof navigator.share !== 'function') return children;
  const share = () =>
    navigator.share({ title, url }).catch((error: unknown) => {
      // The reader closed the sheet: nothing to say.
      if (!(error instanceof DOMException && error.name === 'AbortError')) setRefused(true);
    });
  return (
    <button type="button" className="share__button" onClick={share}>
      {label}
    </button>
  );
}
