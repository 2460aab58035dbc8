import type { Metadata } from 'next';
import Link from 'next/link';

export const metadata: Metadata = { title: 'Waiting for approval' };

export default function AwaitingApprovalPage() {
  return (
    <>
      <h1>Waiting for approval</h1>
      <p role="status">
        Your account is ready, and the site owner approves new members before they can sign in. You will be able to sign
        in once the owner has approved it.
      </p>
      <p>
        <Link href="/">Back to the blog</Link>
      </p>
    </>
  );
}
