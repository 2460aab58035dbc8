'use client';

import { type MouseEvent, useState } from 'react';
import { copyText } from '@/components/clipboard';

// "Copy link" under a post: without JavaScript a plain link to the post (the reader copies its address); with it, this
// island copies the address to the clipboard (components/clipboard.ts) and says so in a live region.

export function CopyLink({ url }: { url: string }) {
  const [said, setSaid] = useState('');
  async function copy(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    const copied = await copyText(url);
    setSaid(copied ? 'Link copied' : 'Copying was refused: copy this link’s address instead.');
  }
  return (
    <>
      <a href={url} className="share__link" onClick={copy}>
        Copy link
      </a>
      <span className="share__status" role="status">
        {said}
      </span>
    </>
  );
}
