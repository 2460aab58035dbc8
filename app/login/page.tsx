import { connection } from 'next/server';
import { Suspense } from 'react';
import { LoginForm } from '@/components/dashboard/login-form';
import { OwnerNotice } from '@/components/dashboard/owner-notice';
import { config } from '@/lib/core/config';
import { LOGIN_NOTICES, type LoginNotice, safeNext } from '@/lib/owner';

export default function LoginPage({ searchParams }: PageProps<'/login'>) {
  return (
    <>
      <h1>Owner login</h1>
      <Suspense fallback={<p className="muted">Loading…</p>}>
        <LoginPanel searchParams={searchParams} />
      </Suspense>
    </>
  );
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

// The environment is read per request: the build that prerendered this page never saw OWNER_PASSWORD.
async function LoginPanel({ searchParams }: Pick<PageProps<'/login'>, 'searchParams'>) {
  const query = await searchParams;
  await connection();
  const owner = config().owner;
  if (owner.status !== 'ready') return <OwnerNotice kind={owner.status} message={owner.message} />;
  const notice = LOGIN_NOTICES.find((n): n is LoginNotice => n === first(query.notice));
  return <LoginForm next={safeNext(first(query.next))} notice={notice} />;
}
