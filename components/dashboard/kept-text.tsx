'use client';

import { type ComponentProps, useEffect, useRef, useState } from 'react';

// A dashboard form's text kept in this browser until it is sent (the Following page's replies): a plain form's post
// after the session ended goes to the login, and a closed tab takes the page with it; either way the text comes back
// when the page is opened again, said so. Uncontrolled, so what is typed before the script runs stays too. `sent`: the
// text the server already has (the reply shown as sent), which ends the keeping.

export function KeptText({
  storageKey,
  sent = '',
  ...field
}: { storageKey: string; sent?: string } & Omit<ComponentProps<'textarea'>, 'defaultValue' | 'value'>) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const [restored, setRestored] = useState(false);
  const key = `dashboard:kept:${storageKey}`;

  useEffect(() => {
    const field = ref.current;
    if (!field) return;
    // Typed before the script ran: kept from now on.
    if (field.value) return localStorage.setItem(key, field.value);
    const kept = localStorage.getItem(key);
    if (!kept) return;
    if (kept.replace(/\r\n?/g, '\n').trim() === sent.trim()) return localStorage.removeItem(key);
    field.value = kept;
    // Browser storage exists only after hydration: read once mounted, as an external system.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setRestored(true);
  }, [key, sent]);

  return (
    <>
      {restored && (
        <p className="form-status" role="status">
          Your text that was not sent is back.
        </p>
      )}
      <textarea
        {...field}
        ref={ref}
        onInput={(e) => {
          const text = e.currentTarget.value;
          if (text) localStorage.setItem(key, text);
          else localStorage.removeItem(key);
        }}
      />
    </>
  );
}
