'use client';

import type { Editor } from '@tiptap/react';
import { useId } from 'react';
import { type EditorSettings, type EditorTerms, pickImage } from './api';

// The post's settings beside its categories and tags: its cover image, featured and pinned, hashtags, what search
// engines and shares show, and who reads it whole (the plans, and where its preview ends: a cut chosen after one of
// its blocks).

/** The site's languages (lib/core/i18n LANGUAGES), by their own names. */
const LANGUAGE_NAMES: Record<string, string> = { en: 'English', es: 'Español' };

/** How many blocks readers without a plan get when the owner picks none (lib/blog/paywall.ts PREVIEW_BLOCKS). */
const DEFAULT_PREVIEW = 3;
const CUT_CHOICES = 30;

/** The first words of each of the body's top-level blocks, to name where a preview may end. */
function blockLabels(editor: Editor | null): string[] {
  const labels: string[] = [];
  editor?.state.doc.forEach((node) => {
    const text = node.textContent.trim();
    labels.push(text ? (text.length > 48 ? `${text.slice(0, 48)}…` : text) : `(${node.type.name})`);
  });
  return labels.slice(0, CUT_CHOICES);
}

export function Settings({
  value,
  onChange,
  plans,
  writers,
  made,
  editor,
  say,
}: {
  /** The language of the post as made; null for a new post, whose language and original are chosen here. */
  made: string | null;
  value: EditorSettings;
  onChange: (change: Partial<EditorSettings>) => void;
  plans: EditorTerms['plans'];
  writers: EditorTerms['writers'];
  editor: Editor | null;
  /** A notice, or (error) an alert, in the editor's live region. */
  say: (text: string, error?: boolean) => void;
}) {
  const id = useId();
  const paid = value.pricingPlanIds.length > 0;
  const togglePlan = (planId: string, on: boolean) =>
    onChange({
      pricingPlanIds: on ? [...value.pricingPlanIds, planId] : value.pricingPlanIds.filter((p) => p !== planId),
    });
  const labels = blockLabels(editor);
  const cover = value.coverImage;
  const chooseCover = async () => {
    const media = await pickImage(say);
    if (!media) return;
    const { name, ...image } = media;
    onChange({ coverImage: { ...image, altText: cover?.altText ?? '' } });
    say(`Cover image: ${name}. Describe it below for readers who cannot see it.`);
  };
  return (
    <>
      {made ? (
        <p className="muted">Language: {LANGUAGE_NAMES[made] ?? made}</p>
      ) : (
        <fieldset className="editor__group">
          <legend>Language</legend>
          <label>
            Written in
            <select name="language" value={value.language} onChange={(e) => onChange({ language: e.target.value })}>
              {Object.entries(LANGUAGE_NAMES).map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </select>
          </label>
          <label>
            A translation of
            <input
              name="translationOf"
              value={value.translationOf}
              onChange={(e) => onChange({ translationOf: e.target.value.trim() })}
              placeholder="The original post's slug (empty: none)"
              aria-describedby={`${id}-translation`}
            />
            <small id={`${id}-translation`}>
              Readers of either can switch to the other; it takes the original&apos;s categories and tags in its
              language.
            </small>
          </label>
        </fieldset>
      )}
      <fieldset className="editor__group">
        <legend>Cover image</legend>
        {cover ? (
          <>
            <img className="editor__cover" src={cover.url} alt="" width={cover.width} height={cover.height} />
            <label>
              Alt text
              <input
                name="coverAlt"
                value={cover.altText}
                maxLength={1000}
                onChange={(e) => onChange({ coverImage: { ...cover, altText: e.target.value } })}
                placeholder="What the image shows"
              />
            </label>
            <div className="editor__row">
              <button type="button" onClick={() => void chooseCover()}>
                Replace
              </button>
              <button type="button" onClick={() => (onChange({ coverImage: null }), say('Cover image removed.'))}>
                Remove
              </button>
            </div>
          </>
        ) : (
          <button type="button" onClick={() => void chooseCover()}>
            Add a cover image
          </button>
        )}
      </fieldset>
      {writers && writers.length > 0 && (
        <label>
          Writer
          <select
            name="memberId"
            value={value.memberId ?? ''}
            onChange={(e) => onChange({ memberId: e.target.value || null })}
          >
            <option value="">No byline</option>
            {writers.map((writer) => (
              <option key={writer.id} value={writer.id}>
                {writer.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <label className="editor__check">
        <input type="checkbox" checked={value.featured} onChange={(e) => onChange({ featured: e.target.checked })} />
        Featured
      </label>
      <label className="editor__check">
        <input type="checkbox" checked={value.pinned} onChange={(e) => onChange({ pinned: e.target.checked })} />
        Pinned to the top of the feed
      </label>
      <label>
        Hashtags
        <input
          name="hashtags"
          value={value.hashtags.map((tag) => `#${tag}`).join(' ')}
          onChange={(e) =>
            onChange({
              hashtags: e.target.value
                .split(/[\s,]+/)
                .map((t) => t.replace(/^#+/, ''))
                .filter(Boolean),
            })
          }
          aria-describedby={`${id}-hashtags`}
          placeholder="#performance #css"
        />
        <small id={`${id}-hashtags`}>Words after #, separated by spaces; each has its own page.</small>
      </label>
      <fieldset className="editor__group">
        <legend>Search engines and shares</legend>
        <label>
          SEO title
          <input
            name="seoTitle"
            value={value.seoTitle}
            maxLength={200}
            onChange={(e) => onChange({ seoTitle: e.target.value })}
            placeholder="The post's title"
          />
        </label>
        <label>
          SEO description
          <textarea
            name="seoDescription"
            value={value.seoDescription}
            maxLength={500}
            onChange={(e) => onChange({ seoDescription: e.target.value })}
            placeholder="The post's excerpt"
          />
        </label>
      </fieldset>
      <fieldset className="editor__group">
        <legend>Who reads it whole</legend>
        {plans && plans.length > 0 ? (
          <>
            <p className="muted" id={`${id}-access`}>
              {paid
                ? 'Members with one of the checked plans read it whole; everyone else reads the preview.'
                : 'Everyone reads it whole. Check a plan to make it paid.'}
            </p>
            {plans.map((plan) => (
              <label key={plan.id} className="editor__check">
                <input
                  type="checkbox"
                  checked={value.pricingPlanIds.includes(plan.id)}
                  onChange={(e) => togglePlan(plan.id, e.target.checked)}
                  aria-describedby={`${id}-access`}
                />
                {plan.name}
              </label>
            ))}
            {paid && (
              <label>
                The preview ends after
                <select
                  name="previewBlocks"
                  value={value.previewBlocks ?? ''}
                  onChange={(e) => onChange({ previewBlocks: e.target.value === '' ? null : Number(e.target.value) })}
                >
                  <option value="">the first {DEFAULT_PREVIEW} blocks (the default)</option>
                  <option value="0">nothing: only the title and excerpt</option>
                  {labels.map((label, i) => (
                    <option key={i} value={i + 1}>
                      block {i + 1}: {label}
                    </option>
                  ))}
                </select>
              </label>
            )}
          </>
        ) : plans ? (
          <p className="muted">No plans yet: define one under Plans to make posts paid.</p>
        ) : (
          <p className="muted">The site&apos;s plans cannot be read now: the post keeps the plans it has.</p>
        )}
      </fieldset>
    </>
  );
}
