'use client';

import { type FormEvent, useEffect, useState } from 'react';
import type { SiteSettings } from '@/lib/settings/types';

// The Settings form's state (settings-form.tsx draws it): the values as typed, kept in this browser until a save
// succeeds (a closed tab or an ended session loses nothing: the draft comes back, said so), the save in place with
// each refused field's problem, the images' uploads, and what the form says it did.

const DRAFT_KEY = 'dashboard:settings-draft';

interface Draft {
  values: SiteSettings;
  at: string;
}

export function useSettingsForm(settings: SiteSettings, saved: boolean) {
  const [values, setValues] = useState<SiteSettings>(settings);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<{ kind: 'status' | 'alert'; text: string } | null>(
    saved ? { kind: 'status', text: 'Settings saved. Every page shows them now.' } : null,
  );
  const [restored, setRestored] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // A draft this browser kept (a tab closed or a session ended before saving) comes back, said so.
  useEffect(() => {
    const text = localStorage.getItem(DRAFT_KEY);
    if (!text) return;
    try {
      const draft = JSON.parse(text) as Draft;
      if (JSON.stringify(draft.values) === JSON.stringify(settings)) {
        localStorage.removeItem(DRAFT_KEY);
        return;
      }
      // eslint-disable-next-line react-hooks/set-state-in-effect -- read once from this browser's storage after mount
      setValues({ ...settings, ...draft.values });
      setRestored(draft.at);
    } catch {
      localStorage.removeItem(DRAFT_KEY);
    }
  }, [settings]);

  const change = (next: Partial<SiteSettings>) => {
    setValues((current) => {
      const updated = { ...current, ...next };
      localStorage.setItem(
        DRAFT_KEY,
        JSON.stringify({ values: updated, at: new Date().toISOString() } satisfies Draft),
      );
      return updated;
    });
  };

  const discard = () => {
    localStorage.removeItem(DRAFT_KEY);
    setValues(settings);
    setRestored(null);
    setProblems({});
    setStatus({ kind: 'status', text: 'The unsaved changes were discarded.' });
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setStatus({ kind: 'status', text: 'Saving…' });
    try {
      const body = new URLSearchParams(new FormData(event.currentTarget) as unknown as Record<string, string>);
      const response = await fetch(event.currentTarget.action, {
        method: 'POST',
        body,
        headers: { Accept: 'application/json' },
      });
      if (response.ok) {
        const answer = (await response.json()) as { settings: SiteSettings };
        localStorage.removeItem(DRAFT_KEY);
        setValues(answer.settings);
        setProblems({});
        setRestored(null);
        setStatus({ kind: 'status', text: 'Settings saved. Every page shows them now.' });
      } else if (response.status === 401) {
        setStatus({
          kind: 'alert',
          text: 'Not saved: your session has ended. Sign in again; your changes are kept in this browser and come back here.',
        });
      } else {
        const answer = (await response.json().catch(() => null)) as {
          problems?: Record<string, string>;
          error?: { message?: string };
        } | null;
        setProblems(answer?.problems ?? {});
        const count = Object.keys(answer?.problems ?? {}).length;
        setStatus({
          kind: 'alert',
          text: count
            ? `Not saved: ${count === 1 ? 'one field needs' : `${count} fields need`} a change (marked below).`
            : `Not saved: ${answer?.error?.message ?? `the site answered ${response.status}`}.`,
        });
      }
    } catch {
      setStatus({
        kind: 'alert',
        text: 'Not saved: the site could not be reached. Your changes are kept in this browser; save again when it answers.',
      });
    } finally {
      setBusy(false);
    }
  }

  async function upload(name: 'logo' | 'icon' | 'cover' | 'socialImage', file: File | undefined) {
    if (!file) return;
    setStatus({ kind: 'status', text: `Uploading ${file.name}…` });
    try {
      const response = await fetch('/api/owner/media', { method: 'POST', body: file });
      const answer = (await response.json().catch(() => null)) as {
        media?: { url: string };
        error?: { message?: string };
      } | null;
      if (response.ok && answer?.media) {
        change({ [name]: answer.media.url });
        setStatus({ kind: 'status', text: `${file.name} uploaded. Save to use it.` });
      } else {
        setStatus({
          kind: 'alert',
          text: `${file.name} was not uploaded: ${response.status === 401 ? 'your session has ended; sign in again' : (answer?.error?.message ?? `the site answered ${response.status}`)}.`,
        });
      }
    } catch {
      setStatus({ kind: 'alert', text: `${file.name} was not uploaded: the site could not be reached.` });
    }
  }

  return { values, change, problems, status, restored, busy, discard, submit, upload };
}
