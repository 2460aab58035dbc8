'use client';

import { type MouseEvent, useState } from 'react';
import { copyText } from '@/components/clipboard';

// "Copy link" under a post: without JavaScript a plain link to the post (the reader copies its address); with it, this
// island copies the address to the clipboard (components/clipboard.ts) and says so in a live region.

interface CopyLinkProps {
  url: string;
  /** The page's words: the link, and what the live region says after copying or failing to. */
  label?: string;
  copied?: string;
  refused?: string;
}

export function CopyLink({
  url,
  label = 'Copy link',
  copied: copiedText = 'Link copied',
  refused = 'Copying was refused: copy this link’s address instead.',
}: CopyLinkProps) {
  const [said, setSaid] = useState('');
  async function copy(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    const copied = await copyText(url);
    setSaid(copied ? copiedText : refused);
  }
  return (
    <>
      <a href={url} className="share__link" onClick={copy}>
        {label}
      </a>
      <span className="share__status" role="status">
        {said}
      </span>
    </>
  );
}
