'use client';

import { type FormEvent, useEffect, useRef, useState } from 'react';
import { BACKGROUNDS } from '@/lib/settings/types';
import {
  FONT_PAIRINGS,
  FONT_PAIRING_IDS,
  type NavLink,
  SOCIAL_NAMES,
  SOCIAL_NETWORKS,
  type SiteSettings,
  type SocialLink,
} from '@/lib/settings/types';
import { MIN_CONTRAST, contrast, darkAccentOf, normalHex } from '@/lib/settings/colour';
import { useHydrated } from '../use-hydrated';

// The owner's Settings form (app/dashboard/settings). A plain form to app/api/owner/settings, so it saves without
// JavaScript; with it, the form saves in place and says what it did, field by field where a value is refused, shows
// each colour's contrast as it is picked, orders the menus with buttons, uploads images, and keeps what was typed in
// this browser until it is saved: a closed tab or an ended session loses nothing (the draft comes back here).

const DRAFT_KEY = 'dashboard:settings-draft';
const IMAGES = [
  { name: 'logo', label: 'Logo', hint: 'Shown for the name in the header (PNG or SVG, about 40 px tall).' },
  { name: 'icon', label: 'Icon', hint: 'The browser tab’s and home screen’s icon: a square image, 512 px or more.' },
  { name: 'cover', label: 'Home page cover', hint: 'A wide image above the newest posts.' },
  {
    name: 'socialImage',
    label: 'Default social image',
    hint: 'Shown where a page is shared and has no image of its own (1200 × 630).',
  },
] as const;

type ImageName = (typeof IMAGES)[number]['name'];
type Menu = 'primaryNav' | 'footerNav';
interface Draft {
  values: SiteSettings;
  at: string;
}

const blankLink = (): NavLink => ({ label: '', url: '' });
const blankSocial = (): SocialLink => ({ network: 'mastodon', url: '' });

/** The rows a menu shows: its links, and room for two more (the form without JavaScript adds no rows). */
const withRoom = <T,>(rows: T[], blank: () => T, hydrated: boolean) => (hydrated ? rows : [...rows, blank(), blank()]);

function Contrast({ colour, background, label }: { colour: string; background: string; label: string }) {
  const hex = normalHex(colour);
  if (!hex) return <span className="settings-contrast">Not a colour yet</span>;
  const ratio = contrast(hex, background);
  const ok = ratio >= MIN_CONTRAST;
  return (
    <span className={ok ? 'settings-contrast' : 'settings-contrast settings-contrast--low'}>
      <span className="settings-swatch" style={{ background, color: hex }} aria-hidden="true">
        Aa
      </span>{' '}
      {ratio.toFixed(2)}:1 on the {label} background{ok ? '' : ` (needs ${MIN_CONTRAST}:1)`}
    </span>
  );
}

export function SettingsForm({ settings, saved }: { settings: SiteSettings; saved: boolean }) {
  const hydrated = useHydrated();
  const [values, setValues] = useState<SiteSettings>(settings);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<{ kind: 'status' | 'alert'; text: string } | null>(
    saved ? { kind: 'status', text: 'Settings saved. Every page shows them now.' } : null,
  );
  const [restored, setRestored] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const touched = useRef(false);

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
      touched.current = true;
    } catch {
      localStorage.removeItem(DRAFT_KEY);
    }
  }, [settings]);

  const change = (next: Partial<SiteSettings>) => {
    touched.current = true;
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

  async function upload(name: ImageName, file: File | undefined) {
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

  const problem = (name: string) =>
    problems[name] ? (
      <span id={`${name}-problem`} className="form-error">
        {problems[name]}
      </span>
    ) : null;
  const invalid = (name: string) =>
    problems[name] ? { 'aria-invalid': true as const, 'aria-describedby': `${name}-problem` } : {};
  /** A field's hint and problem, read with it: its `aria-describedby`, and `aria-invalid` while refused. */
  const described = (name: string) => ({
    id: `settings-${name}`,
    'aria-describedby': [`${name}-hint`, problems[name] && `${name}-problem`].filter(Boolean).join(' '),
    ...(problems[name] && { 'aria-invalid': true as const }),
  });

  const text = (name: 'title' | 'description' | 'senderName' | 'replyTo', label: string, hint: string) => (
    <div className="settings-field">
      <label htmlFor={`settings-${name}`}>{label}</label>
      {name === 'description' ? (
        <textarea
          name={name}
          rows={3}
          maxLength={300}
          value={values[name]}
          onChange={(e) => change({ [name]: e.target.value })}
          {...described(name)}
        />
      ) : (
        <input
          name={name}
          type={name === 'replyTo' ? 'email' : 'text'}
          required={name === 'title'}
          maxLength={name === 'replyTo' ? 254 : 80}
          value={values[name]}
          onChange={(e) => change({ [name]: e.target.value })}
          {...described(name)}
        />
      )}
      <small id={`${name}-hint`}>{hint}</small>
      {problem(name)}
    </div>
  );

  const moveLink = (menu: Menu, from: number, to: number) => {
    const rows = [...values[menu]];
    const [row] = rows.splice(from, 1);
    if (!row || to < 0 || to > rows.length) return;
    rows.splice(to, 0, row);
    change({ [menu]: rows });
  };

  const menuEditor = (menu: Menu, title: string, hint: string) => {
    const rows = withRoom(values[menu], blankLink, hydrated);
    return (
      <fieldset className="settings-links">
        <legend>{title}</legend>
        <p className="muted">{hint}</p>
        {problem(menu)}
        <ol>
          {rows.map((link, i) => (
            <li key={i}>
              <label>
                <span>Words</span>
                <input
                  name={`${menu}.label`}
                  value={link.label}
                  maxLength={40}
                  onChange={(e) =>
                    change({ [menu]: values[menu].map((l, j) => (j === i ? { ...l, label: e.target.value } : l)) })
                  }
                  {...invalid(`${menu}.${i}`)}
                />
              </label>
              <label>
                <span>Address</span>
                <input
                  name={`${menu}.url`}
                  value={link.url}
                  placeholder="/about or https://…"
                  onChange={(e) =>
                    change({ [menu]: values[menu].map((l, j) => (j === i ? { ...l, url: e.target.value } : l)) })
                  }
                  {...invalid(`${menu}.${i}`)}
                />
              </label>
              {hydrated && (
                <span className="settings-row-actions">
                  <button
                    type="button"
                    className="button-secondary"
                    disabled={i === 0}
                    onClick={() => moveLink(menu, i, i - 1)}
                    aria-label={`Move “${link.label || `link ${i + 1}`}” up`}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="button-secondary"
                    disabled={i === rows.length - 1}
                    onClick={() => moveLink(menu, i, i + 1)}
                    aria-label={`Move “${link.label || `link ${i + 1}`}” down`}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="button-secondary"
                    onClick={() => change({ [menu]: values[menu].filter((_, j) => j !== i) })}
                    aria-label={`Remove “${link.label || `link ${i + 1}`}”`}
                  >
                    Remove
                  </button>
                </span>
              )}
              {problem(`${menu}.${i}`)}
            </li>
          ))}
        </ol>
        {hydrated && (
          <button
            type="button"
            className="button-secondary"
            onClick={() => change({ [menu]: [...values[menu], blankLink()] })}
          >
            Add a link
          </button>
        )}
      </fieldset>
    );
  };

  const socialRows = withRoom(values.social, blankSocial, hydrated);
  const derivedDark = normalHex(values.accent) ? darkAccentOf(normalHex(values.accent)!, BACKGROUNDS.dark) : '';

  return (
    <form method="post" action="/api/owner/settings" className="settings-form" onSubmit={hydrated ? submit : undefined}>
      <div className="settings-status" role={status?.kind ?? 'status'} aria-live="polite">
        {status?.text}
      </div>
      {restored && (
        <p className="settings-restored" role="status">
          Unsaved changes from {new Date(restored).toLocaleString()} were kept in this browser and are back.{' '}
          <button type="button" className="button-secondary" onClick={discard}>
            Discard them
          </button>
        </p>
      )}

      <section className="panel" aria-labelledby="settings-publication">
        <h2 id="settings-publication">Publication</h2>
        {text('title', 'Title', 'The name in the header, in every page’s title, in the feed and the newsletter.')}
        {text(
          'description',
          'Description',
          'A sentence on what the blog is about: the home page and search results. Empty: the site’s own words in each language.',
        )}
      </section>

      <section className="panel" aria-labelledby="settings-images">
        <h2 id="settings-images">Images</h2>
        {IMAGES.map(({ name, label, hint }) => (
          <div key={name} className="settings-image">
            <div className="settings-field">
              <label htmlFor={`settings-${name}`}>{label}</label>
              <input
                name={name}
                value={values[name]}
                placeholder="/media/… or https://…"
                onChange={(e) => change({ [name]: e.target.value })}
                {...described(name)}
              />
              <small id={`${name}-hint`}>{hint}</small>
              {problem(name)}
            </div>
            {hydrated && (
              <span className="settings-image__actions">
                <label className="button-secondary settings-upload">
                  Upload…
                  <input
                    type="file"
                    accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
                    className="visually-hidden"
                    aria-label={`Upload the ${label.toLowerCase()}`}
                    onChange={(e) => void upload(name, e.target.files?.[0])}
                  />
                </label>
                {values[name] && (
                  <button type="button" className="button-secondary" onClick={() => change({ [name]: '' })}>
                    Remove
                  </button>
                )}
              </span>
            )}
            {values[name] && (
              // The owner's own image, previewed at its address: not an optimised <Image>.
              <img src={values[name]} alt={`The ${label.toLowerCase()} now`} className="settings-image__preview" />
            )}
          </div>
        ))}
      </section>

      <section className="panel" aria-labelledby="settings-look">
        <h2 id="settings-look">Colours and type</h2>
        <div className="settings-colours">
          <div className="settings-field">
            <label htmlFor="settings-accent">Accent colour (links and buttons)</label>
            <span className="settings-colour">
              {hydrated && (
                <input
                  type="color"
                  value={normalHex(values.accent) ?? '#000000'}
                  onChange={(e) => change({ accent: e.target.value })}
                  aria-label="Pick the accent colour"
                />
              )}
              <input
                name="accent"
                value={values.accent}
                pattern="#?[0-9a-fA-F]{3}([0-9a-fA-F]{3})?"
                onChange={(e) => change({ accent: e.target.value })}
                {...described('accent')}
              />
            </span>
            <small id="accent-hint">
              {hydrated ? (
                <Contrast colour={values.accent} background={BACKGROUNDS.light} label="light" />
              ) : (
                `At least ${MIN_CONTRAST}:1 on the light background.`
              )}
            </small>
            {problem('accent')}
          </div>
          <div className="settings-field">
            <label htmlFor="settings-accentDark">Accent in dark mode</label>
            <span className="settings-colour">
              {hydrated && (
                <input
                  type="color"
                  value={normalHex(values.accentDark) ?? (derivedDark || '#000000')}
                  onChange={(e) => change({ accentDark: e.target.value })}
                  aria-label="Pick the dark mode accent colour"
                />
              )}
              <input
                name="accentDark"
                value={values.accentDark}
                placeholder={derivedDark ? `empty: ${derivedDark}` : 'empty: made from the accent'}
                onChange={(e) => change({ accentDark: e.target.value })}
                {...described('accentDark')}
              />
            </span>
            <small id="accentDark-hint">
              {hydrated && (
                <>
                  <Contrast colour={values.accentDark || derivedDark} background={BACKGROUNDS.dark} label="dark" />
                  <br />
                </>
              )}
              Empty: the accent, lightened until it reads on the dark background.
            </small>
            {problem('accentDark')}
          </div>
        </div>
        <fieldset className="settings-fonts">
          <legend>Fonts</legend>
          {FONT_PAIRING_IDS.map((id) => (
            <label key={id} className="settings-font">
              <input
                type="radio"
                name="fonts"
                value={id}
                checked={values.fonts === id}
                onChange={() => change({ fonts: id })}
              />{' '}
              <span style={{ fontFamily: FONT_PAIRINGS[id].body }}>{FONT_PAIRINGS[id].name}</span>
            </label>
          ))}
          {problem('fonts')}
        </fieldset>
      </section>

      <section className="panel" aria-labelledby="settings-navigation">
        <h2 id="settings-navigation">Navigation</h2>
        {menuEditor('primaryNav', 'Header menu', 'In this order. None: the categories, as before.')}
        {menuEditor('footerNav', 'Footer links', 'About, contact, the privacy policy…')}
        <fieldset className="settings-links">
          <legend>Social accounts</legend>
          <p className="muted">Linked in every page’s footer (with rel=&quot;me&quot;, which Mastodon verifies).</p>
          {problem('social')}
          <ol>
            {socialRows.map((account, i) => (
              <li key={i}>
                <label>
                  <span>Network</span>
                  <select
                    name="social.network"
                    value={account.network}
                    onChange={(e) =>
                      change({
                        social: values.social.map((a, j) =>
                          j === i ? { ...a, network: e.target.value as SocialLink['network'] } : a,
                        ),
                      })
                    }
                  >
                    {SOCIAL_NETWORKS.map((n) => (
                      <option key={n} value={n}>
                        {SOCIAL_NAMES[n]}
                      </option>
                    ))}
                  </select>
                </label>
                <label>
                  <span>Address</span>
                  <input
                    name="social.url"
                    value={account.url}
                    placeholder="https://…"
                    onChange={(e) =>
                      change({ social: values.social.map((a, j) => (j === i ? { ...a, url: e.target.value } : a)) })
                    }
                    {...invalid(`social.${i}`)}
                  />
                </label>
                {hydrated && (
                  <span className="settings-row-actions">
                    <button
                      type="button"
                      className="button-secondary"
                      onClick={() => change({ social: values.social.filter((_, j) => j !== i) })}
                      aria-label={`Remove the ${SOCIAL_NAMES[account.network]} account`}
                    >
                      Remove
                    </button>
                  </span>
                )}
                {problem(`social.${i}`)}
              </li>
            ))}
          </ol>
          {hydrated && (
            <button
              type="button"
              className="button-secondary"
              onClick={() => change({ social: [...values.social, blankSocial()] })}
            >
              Add an account
            </button>
          )}
        </fieldset>
      </section>

      <section className="panel" aria-labelledby="settings-newsletter">
        <h2 id="settings-newsletter">Newsletter</h2>
        {text('senderName', 'Sender name', 'The From name of each mail. Empty: the title.')}
        {text(
          'replyTo',
          'Reply-to address',
          'Where readers’ replies go. Empty: the server’s MAIL_REPLY_TO, or nowhere.',
        )}
        <p className="muted">
          Comments, ratings and sign-up rules are on their own pages: <a href="/dashboard/comments">Comments</a>,{' '}
          <a href="/dashboard/members">Members</a>.
        </p>
      </section>

      <p className="settings-actions">
        <button type="submit" disabled={busy}>
          {busy ? 'Saving…' : 'Save settings'}
        </button>
      </p>
    </form>
  );
}
