import type { ReactNode } from 'react';
import type { NavLink, SocialLink } from '@/lib/settings/types';
import { MIN_CONTRAST, SOCIAL_NAMES, SOCIAL_NETWORKS, contrast, normalHex } from '@/lib/settings/view';

// The Settings form's parts that are lists or readouts (settings-form.tsx holds the form, its saving and its draft):
// a menu's links and the social accounts, each row with its own move and remove buttons, a field's problem, and a
// colour's contrast. Rows change through `onChange(rows)`; the form keeps them.

/** Each field's problem, by the form's field name (lib/settings/validate.ts). */
export type Problems = Record<string, string>;

/** The problem said under a field, which the field names in its `aria-describedby`. */
export function Problem({ name, problems }: { name: string; problems: Problems }) {
  return problems[name] ? (
    <span id={`${name}-problem`} className="form-error">
      {problems[name]}
    </span>
  ) : null;
}

/** A row's inputs while the row is refused: `aria-invalid`, and the problem read with them. */
const invalid = (name: string, problems: Problems) =>
  problems[name] ? { 'aria-invalid': true as const, 'aria-describedby': `${name}-problem` } : {};

/** The rows a list shows: its own, and room for two more (the form without JavaScript adds no rows). */
const withRoom = <T,>(rows: T[], blank: () => T, hydrated: boolean) => (hydrated ? rows : [...rows, blank(), blank()]);

const blankLink = (): NavLink => ({ label: '', url: '' });
const blankSocial = (): SocialLink => ({ network: 'mastodon', url: '' });

/** Row `i` of `rows` replaced by its change. */
const changed = <T,>(rows: T[], i: number, change: Partial<T>) =>
  rows.map((row, j) => (j === i ? { ...row, ...change } : row));

/** A colour's contrast on a background, as it is picked: the ratio, and what it needs when it is short. */
export function Contrast({ colour, background, label }: { colour: string; background: string; label: string }) {
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

interface ListProps<T> {
  rows: T[];
  /** Whether the page's script runs: the row buttons and "Add" only then. */
  hydrated: boolean;
  problems: Problems;
  onChange(rows: T[]): void;
}

/** A list's fieldset: its legend and hint, its rows, and "Add" (with JavaScript). */
function ListFieldset({
  legend,
  hint,
  name,
  problems,
  add,
  children,
}: {
  legend: string;
  hint: string;
  name: string;
  problems: Problems;
  add: { label: string; onClick: () => void } | null;
  children: ReactNode;
}) {
  return (
    <fieldset className="settings-links">
      <legend>{legend}</legend>
      <p className="muted">{hint}</p>
      <Problem name={name} problems={problems} />
      <ol>{children}</ol>
      {add && (
        <button type="button" className="button-secondary" onClick={add.onClick}>
          {add.label}
        </button>
      )}
    </fieldset>
  );
}

/** A row's buttons: up and down where the list is ordered, and Remove; each names the row it acts on. */
function RowActions({
  name,
  index,
  count,
  onMove,
  onRemove,
  removeLabel = `Remove “${name}”`,
}: {
  name: string;
  index: number;
  count: number;
  onMove?: (to: number) => void;
  onRemove: () => void;
  /** Remove's accessible name, where `Remove “name”` does not read well. */
  removeLabel?: string;
}) {
  return (
    <span className="settings-row-actions">
      {onMove && (
        <>
          <button
            type="button"
            className="button-secondary"
            disabled={index === 0}
            onClick={() => onMove(index - 1)}
            aria-label={`Move “${name}” up`}
          >
            ↑
          </button>
          <button
            type="button"
            className="button-secondary"
            disabled={index === count - 1}
            onClick={() => onMove(index + 1)}
            aria-label={`Move “${name}” down`}
          >
            ↓
          </button>
        </>
      )}
      <button type="button" className="button-secondary" onClick={onRemove} aria-label={removeLabel}>
        Remove
      </button>
    </span>
  );
}

/** A menu's links (`menu`: the form's field names), in order. */
export function LinkRows({
  menu,
  legend,
  hint,
  rows,
  hydrated,
  problems,
  onChange,
}: ListProps<NavLink> & { menu: 'primaryNav' | 'footerNav'; legend: string; hint: string }) {
  const shown = withRoom(rows, blankLink, hydrated);
  const move = (from: number, to: number) => {
    const next = [...rows];
    const [row] = next.splice(from, 1);
    if (!row || to < 0 || to > next.length) return;
    next.splice(to, 0, row);
    onChange(next);
  };
  return (
    <ListFieldset
      legend={legend}
      hint={hint}
      name={menu}
      problems={problems}
      add={hydrated ? { label: 'Add a link', onClick: () => onChange([...rows, blankLink()]) } : null}
    >
      {shown.map((link, i) => (
        <li key={i}>
          <label>
            <span>Words</span>
            <input
              name={`${menu}.label`}
              value={link.label}
              maxLength={40}
              onChange={(e) => onChange(changed(rows, i, { label: e.target.value }))}
              {...invalid(`${menu}.${i}`, problems)}
            />
          </label>
          <label>
            <span>Address</span>
            <input
              name={`${menu}.url`}
              value={link.url}
              placeholder="/about or https://…"
              onChange={(e) => onChange(changed(rows, i, { url: e.target.value }))}
              {...invalid(`${menu}.${i}`, problems)}
            />
          </label>
          {hydrated && (
            <RowActions
              name={link.label || `link ${i + 1}`}
              index={i}
              count={shown.length}
              onMove={(to) => move(i, to)}
              onRemove={() => onChange(rows.filter((_, j) => j !== i))}
            />
          )}
          <Problem name={`${menu}.${i}`} problems={problems} />
        </li>
      ))}
    </ListFieldset>
  );
}

/** The social accounts: a network and an address each. */
export function SocialRows({ rows, hydrated, problems, onChange }: ListProps<SocialLink>) {
  const shown = withRoom(rows, blankSocial, hydrated);
  return (
    <ListFieldset
      legend="Social accounts"
      hint='Linked in every page’s footer (with rel="me", which Mastodon verifies).'
      name="social"
      problems={problems}
      add={hydrated ? { label: 'Add an account', onClick: () => onChange([...rows, blankSocial()]) } : null}
    >
      {shown.map((account, i) => (
        <li key={i}>
          <label>
            <span>Network</span>
            <select
              name="social.network"
              value={account.network}
              onChange={(e) => onChange(changed(rows, i, { network: e.target.value as SocialLink['network'] }))}
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
              onChange={(e) => onChange(changed(rows, i, { url: e.target.value }))}
              {...invalid(`social.${i}`, problems)}
            />
          </label>
          {hydrated && (
            <RowActions
              name={SOCIAL_NAMES[account.network]}
              index={i}
              count={shown.length}
              removeLabel={`Remove the ${SOCIAL_NAMES[account.network]} account`}
              onRemove={() => onChange(rows.filter((_, j) => j !== i))}
            />
          )}
          <Problem name={`social.${i}`} problems={problems} />
        </li>
      ))}
    </ListFieldset>
  );
}
