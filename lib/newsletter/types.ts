import type { DataClient } from '@/lib/data';
import type { Mailer } from '@/lib/core/mail';
import type { Language } from '@/lib/core/i18n/languages';
import type { Post } from '@/lib/blog/types';

// What the newsletter's parts work with, apart from them so that none imports another for it: the sign-up's
// (subscribe.ts, confirmations.ts, queue.ts) and the sending's (sending.ts, message.ts).

/** A subscribe the form asked for, as it waits on the site's queue. */
export interface SubscribeJob {
  email: string;
  language: Language;
}

export interface Newsletter {
  /** Where the subscribers are (the site's data collections: on Wix, its CMS). */
  client: DataClient;
  /** The site's own records: each address's open confirmation request (confirmations.ts). */
  records: DataClient;
  mailer: Mailer;
  /** Leaves a subscribe to the site's queue (queue.ts), whose worker runs `subscribe`. */
  queue(job: SubscribeJob): Promise<unknown>;
  /** The public origin the confirmation link points at. */
  siteUrl: string;
  /** Signs confirmation links (key.ts). */
  key: Buffer;
  now?: () => Date;
}

/** The newsletter's sending (sending.ts): where its subscribers and records are, its mailer, and the post. */
export interface Sending {
  /** Where the subscribers are (the site's data collections: on Wix, its CMS). */
  subscribers: DataClient;
  /** Where the sends and deliveries are (the site's own records). */
  records: DataClient;
  mailer: Mailer;
  siteUrl: string;
  key: Buffer;
  replyTo?: string;
  /**
   * Who the mail is from and where replies go, as the owner set them (Settings → Newsletter): read once per send; a
   * `from` of the configured address under their sender name, a `replyTo` over the configured one.
   */
  sender?(): Promise<{ from?: string; replyTo?: string }>;
  footer?: string;
  /** The post as the blog has it now, with its rich content; null when it is not published. */
  post(postId: string): Promise<Post | null>;
  /** The post's draft (its text before publication), for the owner's preview and test; null when none. */
  draft?(postId: string): Promise<Post | null>;
  now?: () => Date;
  log?: (line: Record<string, unknown>) => void;
}
