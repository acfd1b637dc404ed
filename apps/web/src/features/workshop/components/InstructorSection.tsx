import type { InstructorContent } from '@wifi7/contract';
import { ExternalLinkIcon } from './icons';

/** Who teaches the workshop. */
export function InstructorSection({ instructor }: { instructor: InstructorContent }) {
  return (
    <section
      aria-labelledby="instructor-title"
      className="content-auto border-t border-slate-200 bg-white"
    >
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2
          id="instructor-title"
          className="text-2xl font-bold tracking-tight text-navy-950 sm:text-3xl"
        >
          Your instructor
        </h2>
        <div className="mt-8 grid gap-8 rounded-2xl border border-slate-200 bg-slate-50/60 p-6 sm:p-8 md:grid-cols-[auto_minmax(0,1fr)] md:gap-10">
          <img
            src={instructor.photo.src}
            alt={instructor.photo.alt}
            width={instructor.photo.width}
            height={instructor.photo.height}
            loading="lazy"
            decoding="async"
            className="size-32 rounded-2xl bg-navy-900 object-cover shadow-md sm:size-40"
          />
          <div className="flex flex-col gap-4">
            <div>
              <h3 className="text-xl font-bold text-navy-950">{instructor.name}</h3>
              <p className="font-medium text-sky-800">{instructor.title}</p>
            </div>
            {instructor.bio.map((paragraph, index) => (
              <p key={index} className="text-slate-700">
                {paragraph}
              </p>
            ))}
            {instructor.facts.length > 0 && (
              <ul className="flex flex-wrap gap-2 text-sm" aria-label="Experience">
                {instructor.facts.map((fact, index) => (
                  <li key={index} className="rounded-md bg-slate-100 px-3 py-1.5 text-navy-900">
                    {fact}
                  </li>
                ))}
              </ul>
            )}
            {instructor.profileUrl && (
              <a
                href={instructor.profileUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex w-fit items-center gap-1.5 font-semibold text-sky-800 underline-offset-4 hover:underline"
              >
                {profileLinkText(instructor.name, instructor.profileUrl)}
                <ExternalLinkIcon />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}

/** "… on LinkedIn" for a LinkedIn profile, else a plain "… profile". */
function profileLinkText(name: string, url: string): string {
  const host = new URL(url).hostname;
  return /(^|\.)linkedin\./.test(host) ? `${name} on LinkedIn` : `${name}’s profile`;
}
