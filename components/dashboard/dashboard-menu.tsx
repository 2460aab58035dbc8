import Link from 'next/link';
import { SITE_NAME } from '@/lib/site';

export function DashboardHeader() {
  return (
    <header className="site-header dash-header">
      <div className="container site-header__inner">
        <Link href="/" className="site-title">
          {SITE_NAME}
        </Link>
        <nav aria-label="Dashboard" className="site-nav">
          <ul>
            <li>
              <Link href="/dashboard" prefetch={false}>
                Overview
              </Link>
            </li>
            <li>
              <Link href="/dashboard/drafts" prefetch={false}>
                Drafts
              </Link>
            </li>
          </ul>
        </nav>
        <form method="post" action="/api/owner/session" className="dash-header__logout">
          <input type="hidden" name="intent" value="logout" />
          <button type="submit">Sign out</button>
        </form>
      </div>
    </header>
  );
}
