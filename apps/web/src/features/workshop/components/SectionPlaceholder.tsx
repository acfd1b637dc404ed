import { Spinner } from '../../../components/Spinner';

/**
 * Holds a content section's place while the content is on its way (only
 * when the page came without it), so the page does not jump when it arrives.
 */
export function SectionPlaceholder({ label }: { label: string }) {
  return (
    <section aria-busy="true" className="content-auto border-t border-slate-200">
      <div className="mx-auto flex min-h-[32rem] max-w-6xl flex-col gap-3 px-4 py-16 sm:px-6">
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner className="size-4 text-sky-600" />
          {label}
        </p>
        {[0, 1, 2, 3, 4].map((row) => (
          <div
            key={row}
            aria-hidden="true"
            className="h-16 animate-pulse rounded-xl bg-slate-200/60 motion-reduce:animate-none"
          />
        ))}
      </div>
    </section>
  );
}
