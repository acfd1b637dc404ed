/**
 * Filters above a list: labelled selects and a search field in a search
 * landmark. The page keeps the values in the address's query, so a view
 * can be shared, bookmarked and reloaded.
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { sellerButton, sellerControl } from '../ui/styles';

export function FilterBar({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      role="search"
      aria-label={label}
      className="grid grid-cols-2 gap-3 sm:flex sm:flex-row sm:flex-wrap sm:items-end"
    >
      {children}
    </div>
  );
}

export interface Option {
  value: string;
  label: string;
}

export function FilterSelect({
  label,
  value,
  options,
  allLabel,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly Option[];
  /** The choice that filters nothing, e.g. "All states". */
  allLabel: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1 sm:w-44">
      <label htmlFor={id} className="text-xs font-semibold text-slate-600">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={sellerControl}
      >
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A search field applied on Enter or with its button; clearing it applies at once. */
export function SearchField({
  label,
  placeholder,
  value,
  onSearch,
  fullRow = false,
}: {
  label: string;
  placeholder?: string;
  value: string;
  onSearch: (value: string) => void;
  /** On a row of its own, wide enough for a whole e-mail address; else beside the selects. */
  fullRow?: boolean;
}) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  // The address changed (back button, a link): show what it says.
  if (shown !== value) {
    setShown(value);
    setDraft(value);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft.trim());
  };
  return (
    <form
      onSubmit={submit}
      className={`col-span-2 flex min-w-0 flex-1 flex-col gap-1 ${fullRow ? 'sm:basis-full' : 'sm:min-w-64'}`}
    >
      <label htmlFor={id} className="text-xs font-semibold text-slate-600">
        {label}
      </label>
      <div className={`flex gap-2 ${fullRow ? 'sm:max-w-xl' : ''}`}>
        <input
          id={id}
          type="search"
          value={draft}
          placeholder={placeholder}
          onChange={(event) => {
            setDraft(event.target.value);
            if (event.target.value === '' && value !== '') onSearch('');
          }}
          className={sellerControl}
        />
        <button type="submit" className={sellerButton.secondary}>
          Search
        </button>
      </div>
    </form>
  );
}
