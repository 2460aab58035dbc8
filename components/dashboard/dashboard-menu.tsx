import Link from 'next/link';

/** The owner's menu and sign-out, beside the site's name in the dashboard's header. */
export function DashboardMenu() {
  return (
    <>
      <nav aria-label="Dashboard" className="site-nav">
        <ul>
          <li>
            <Link href="/dashboard" prefetch={false}>
              Overview
            </Link>
          </li>
          <li>
            <Link href="/dashboard/analytics" prefetch={false}>
              Analytics
            </Link>
          </li>
          <li>
            <Link href="/dashboard/posts/new" prefetch={false}>
              New post
            </Link>
          </li>
          <li>
            <Link href="/dashboard/drafts" prefetch={false}>
              Drafts
            </Link>
          </li>
          <li>
            <Link href="/dashboard/review" prefetch={false}>
              Review
            </Link>
          </li>
          <li>
            <Link href="/dashboard/terms" prefetch={false}>
              Categories
            </Link>
          </li>
          <li>
            <Link href="/dashboard/trash" prefetch={false}>
              Trash
            </Link>
          </li>
          <li>
            <Link href="/dashboard/subscribers" prefetch={false}>
              Subscribers
            </Link>
          </li>
          <li>
            <Link href="/dashboard/followers" prefetch={false}>
              Fediverse
            </Link>
          </li>
          <li>
            <Link href="/dashboard/comments" prefetch={false}>
              Comments
            </Link>
          </li>
          <li>
            <Link href="/dashboard/members" prefetch={false}>
              Members
            </Link>
          </li>
          <li>
            <Link href="/dashboard/plans" prefetch={false}>
              Plans
            </Link>
          </li>
          <li>
            <Link href="/dashboard/settings" prefetch={false}>
              Settings
            </Link>
          </li>
        </ul>
      </nav>
      <form method="post" action="/api/owner/session" className="dash-header__logout">
        <input type="hidden" name="intent" value="logout" />
        <button type="submit">Sign out</button>
      </form>
    </>
  );
}
