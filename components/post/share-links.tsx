import { CopyLink } from './copy-link';

// Share links under each post, with no third-party script: each network is a plain link to its documented share page,
// with the post's absolute address and title encoded into it (encodeURIComponent: `%20`, never `+`, which mailto
// would keep). Static HTML, built from the post's data when the page is prerendered.

export interface ShareTarget {
  /** What the link shows. */
  label: string;
  /** What it reads out before the label ("Share on", "Share by"). */
  lead: string;
  href: string;
}

const query = (params: Record<string, string>) =>
  Object.entries(params)
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join('&');

/** Where each network shares a post: `url` absolute, `title` as the post has it. */
export function shareTargets(url: string, title: string): ShareTarget[] {
  return [
    { label: 'E-mail', lead: 'Share by', href: `mailto:?${query({ subject: title, body: `${title}\n\n${url}` })}` },
    {
      label: 'Bluesky',
      lead: 'Share on',
      href: `https://bsky.app/intent/compose?${query({ text: `${title} ${url}` })}`,
    },
    {
      label: 'Mastodon',
      lead: 'Share on',
      href: `https://share.joinmastodon.org/?${query({ text: `${title}\n\n${url}` })}`,
    },
    { label: 'LinkedIn', lead: 'Share on', href: `https://www.linkedin.com/sharing/share-offsite/?${query({ url })}` },
    { label: 'X', lead: 'Share on', href: `https://x.com/intent/tweet?${query({ text: title, url })}` },
    { label: 'Facebook', lead: 'Share on', href: `https://www.facebook.com/sharer/sharer.php?${query({ u: url })}` },
    {
      label: 'Hacker News',
      lead: 'Share on',
      href: `https://news.ycombinator.com/submitlink?${query({ u: url, t: title })}`,
    },
    { label: 'Reddit', lead: 'Share on', href: `https://www.reddit.com/submit?${query({ url, title })}` },
  ];
}

export function ShareLinks({ url, title }: { url: string; title: string }) {
  return (
    <section className="share" aria-labelledby="share-heading">
      <h2 id="share-heading">Share this post</h2>
      <ul className="share__list">
        <li>
          <CopyLink url={url} />
        </li>
        {shareTargets(url, title).map((target) => (
          <li key={target.label}>
            <a
              className="share__link"
              href={target.href}
              // Outside links open in a new tab, as the post's own links do; the mail client opens by itself.
              {...(target.href.startsWith('https:') && { target: '_blank', rel: 'noopener noreferrer' })}
            >
              <span className="visually-hidden">{target.lead} </span>
              {target.label}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
