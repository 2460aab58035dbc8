'use client';

import type {} from 'altcha/types/react';
import { useEffect, useState } from 'react';
import 'altcha/altcha.css';

// The captcha the local provider asks for (lib/members/captcha.ts): ALTCHA's widget, loaded only on the sign-in page
// that asks for it. "silent" solves the proof of work unseen when the form is sent; "user" is a checkbox to tick.
// Without JavaScript no proof of work can run: the page says so, and the member can still reset their password.

export function CaptchaField({ kind, challengeUrl }: { kind: 'user' | 'silent'; challengeUrl: string }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void import('altcha/external').then(() => {
      // One same-origin worker per solving thread (see altcha-worker.ts).
      globalThis.$altcha.algorithms.set(
        'PBKDF2/SHA-256',
        () => new Worker(new URL('./altcha-worker.ts', import.meta.url), { name: 'altcha' }),
      );
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, []);
  return (
    <div className="member-form__captcha" data-captcha={kind} data-ready={ready || undefined}>
      {ready && (
        <altcha-widget
          challenge={challengeUrl}
          name="altcha"
          auto={kind === 'silent' ? 'onsubmit' : 'off'}
          display={kind === 'silent' ? 'invisible' : 'standard'}
          type="checkbox"
          workers={1}
          configuration={JSON.stringify({ hideFooter: true, hideLogo: kind === 'silent' })}
        />
      )}
      <noscript>
        <p className="form-error">
          This check runs a short calculation in your browser, which needs JavaScript. Turn it on and reload this page,
          or reset your password by e-mail.
        </p>
      </noscript>
    </div>
  );
}
