import { PAYWALL_CLASS } from '@/lib/blog/view';

/**
 * Where a paid post's rest would be, for anyone without its plan (the page is the same for every visitor): what the
 * rest is for, and the way in. Plans with their prices and the member's own full text come with the rest of issue 30.
 */
export function PaywallBox() {
  return (
    <aside className={PAYWALL_CLASS} aria-label="The rest of this post">
      <p>
        <strong>The rest of this post is for members with a plan.</strong>
      </p>
      <p>
        <a href="/signin">Sign in</a> or <a href="/join">join</a> to read on.
      </p>
    </aside>
  );
}
