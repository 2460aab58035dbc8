import type { Term } from './api';

export /** A post's categories or tags: a checkbox each, in a group named by its legend. */
function TermPicker(props: { legend: string; terms: Term[]; chosen: string[]; onChange: (ids: string[]) => void }) {
  const { legend, terms, chosen, onChange } = props;
  if (terms.length === 0) return null;
  return (
    <fieldset className="editor__terms">
      <legend>{legend}</legend>
      {terms.map((term) => (
        <label key={term.id} className="editor__check">
          <input
            type="checkbox"
            checked={chosen.includes(term.id)}
            onChange={(e) => onChange(e.target.checked ? [...chosen, term.id] : chosen.filter((id) => id !== term.id))}
          />
          {term.label}
        </label>
      ))}
    </fieldset>
  );
}
