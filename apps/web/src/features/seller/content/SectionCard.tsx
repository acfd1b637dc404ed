import type { FormEventHandler, ReactNode } from 'react';
import { Spinner } from '../../../components/Spinner';
import { formatDateTime } from '../shell/format';
import { sellerButton } from '../ui/styles';

interface SectionCardProps {
  id: string;
  title: string;
  description: ReactNode;
  /** Who saved the section last, and when (none: still the sample). */
  savedBy: string | null;
  savedAt: string;
  dirty: boolean;
  saving: boolean;
  /** The section changed elsewhere since it was opened here. */
  conflict: boolean;
  onLoadLatest: () => void;
  onDiscard: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}

/**
 * One section of the page as a form of its own: its fields, and a bar with
 * what is saved and Save / Discard. A section is saved whole.
 */
export function SectionCard({
  id,
  title,
  description,
  savedBy,
  savedAt,
  dirty,
  saving,
  conflict,
  onLoadLatest,
  onDiscard,
  onSubmit,
  children,
}: SectionCardProps) {
  const titleId = `${id}-title`;
  return (
    <section
      id={id}
      aria-labelledby={titleId}
      className="rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <form noValidate onSubmit={onSubmit} aria-labelledby={titleId}>
        <header className="flex flex-col gap-1 border-b border-slate-200 px-4 py-4 sm:px-6">
          <h2 id={titleId} className="text-lg font-semibold text-navy-950">
            {title}
          </h2>
          <p className="text-sm text-slate-600">{description}</p>
          <p className="text-xs text-slate-500">
            {savedBy
              ? `Last saved by ${savedBy}, ${formatDateTime(savedAt)}`
              : 'The sample content: not edited yet'}
          </p>
        </header>

        <div className="flex flex-col gap-5 px-4 py-5 sm:px-6">
          {conflict && (
            <div
              role="alert"
              className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between"
            >
              <p>
                This section was saved elsewhere (another tab or another seller) since you opened
                it, so your changes were not saved. Load the latest version, then make your change
                again.
              </p>
              <button
                type="button"
                onClick={onLoadLatest}
                className="shrink-0 rounded-lg border border-amber-400 bg-white px-3 py-2 font-semibold hover:bg-amber-100 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sky-600"
              >
                Load the latest version
              </button>
            </div>
          )}
          {children}
        </div>

        {/*
          On a phone: what is saved and Discard on one line, Save across the
          width below (a long "Save certificate image" fits); on a wider
          screen all on one line.
        */}
        <footer className="grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-2 rounded-b-xl border-t border-slate-200 bg-slate-50 px-4 py-3 sm:flex sm:px-6">
          <p className="text-sm text-slate-600 sm:mr-auto" aria-live="polite">
            {dirty ? 'Unsaved changes' : 'No unsaved changes'}
          </p>
          <button
            type="button"
            onClick={onDiscard}
            disabled={!dirty || saving}
            className={sellerButton.secondary}
          >
            Discard changes
          </button>
          <button type="submit" disabled={saving} className={`${sellerButton.primary} col-span-2`}>
            {saving && <Spinner className="size-4" />}
            {saving ? 'Saving…' : `Save ${title.toLowerCase()}`}
          </button>
        </footer>
      </form>
    </section>
  );
}
