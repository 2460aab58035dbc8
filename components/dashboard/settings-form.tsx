'use client';

import type { SiteSettings } from '@/lib/settings/types';
import {
  BACKGROUNDS,
  FONT_PAIRINGS,
  FONT_PAIRING_IDS,
  MIN_CONTRAST,
  darkAccentOf,
  normalHex,
} from '@/lib/settings/view';
import { useRef } from 'react';
import { useHydrated } from '../use-hydrated';
import { useTypedBeforeHydration } from '../use-typed-before-hydration';
import { Contrast, LinkRows, Problem, SocialRows } from './settings-lists';
import { useSettingsForm } from './use-settings-form';

// The owner's Settings form (app/dashboard/settings). A plain form to app/api/owner/settings, so it saves without
// JavaScript; with it, the form saves in place and says what it did, field by field where a value is refused, shows
// each colour's contrast as it is picked, orders the menus with buttons, uploads images, and keeps what was typed in
// this browser until it is saved: a closed tab or an ended session loses nothing (the draft comes back here).

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

export function SettingsForm({ settings, saved }: { settings: SiteSettings; saved: boolean }) {
  const hydrated = useHydrated();
  const { values, change, problems, status, restored, busy, discard, submit, upload } = useSettingsForm(
    settings,
    saved,
  );
  // What was typed while the page loaded stays (a field the settings name as text).
  const form = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(form, (typed) =>
    change(
      Object.fromEntries(
        Object.entries(typed).filter(([name]) => typeof values[name as keyof SiteSettings] === 'string'),
      ),
    ),
  );

  const problem = (name: string) => <Problem name={name} problems={problems} />;
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

  const derivedDark = normalHex(values.accent) ? darkAccentOf(normalHex(values.accent)!, BACKGROUNDS.dark) : '';

  return (
    <form
      ref={form}
      method="post"
      action="/api/owner/settings"
      className="settings-form"
      onSubmit={hydrated ? submit : undefined}
    >
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
        <LinkRows
          menu="primaryNav"
          legend="Header menu"
          hint="In this order. None: the categories, as before."
          rows={values.primaryNav}
          hydrated={hydrated}
          problems={problems}
          onChange={(primaryNav) => change({ primaryNav })}
        />
        <LinkRows
          menu="footerNav"
          legend="Footer links"
          hint="About, contact, the privacy policy…"
          rows={values.footerNav}
          hydrated={hydrated}
          problems={problems}
          onChange={(footerNav) => change({ footerNav })}
        />
        <SocialRows
          rows={values.social}
          hydrated={hydrated}
          problems={problems}
          onChange={(social) => change({ social })}
        />
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
