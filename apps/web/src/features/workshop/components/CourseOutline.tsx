import type { OutlineSession } from '@wifi7/contract';
import { site } from '../../../content/site';
import { workshopContent } from '../../../content/workshop';
import { ChevronDownIcon } from './icons';

/**
 * The 15 sessions as a numbered accordion. Native <details> elements open
 * with the keyboard and need no script; every session is in the page text,
 * so search engines and "find in page" see it too.
 */
export function CourseOutline({ sessions: outlineSessions }: { sessions: OutlineSession[] }) {
  const { outline } = workshopContent;
  const { sessions, sessionHours, timezone } = site.workshop;
  const facts = [
    [String(sessions), 'live sessions'],
    [String(sessions * sessionHours), 'hours of instruction'],
    [`${sessionHours} h`, 'per session'],
    ['PT', timezone],
  ] as const;

  return (
    <section aria-labelledby="outline-title" className="content-auto border-t border-slate-200">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)] lg:gap-16">
        <div className="lg:sticky lg:top-24 lg:self-start">
          <h2
            id="outline-title"
            className="text-2xl font-bold tracking-tight text-navy-950 sm:text-3xl"
          >
            {outline.title}
          </h2>
          <p className="mt-3 text-slate-700">{outline.intro}</p>
          <dl className="mt-6 grid grid-cols-2 gap-3">
            {facts.map(([value, label]) => (
              <div
                key={label}
                className="flex flex-col rounded-xl bg-white p-4 ring-1 ring-slate-200"
              >
                <dt className="text-sm text-slate-600">{label}</dt>
                <dd className="order-first text-2xl font-bold text-navy-950">{value}</dd>
              </div>
            ))}
          </dl>
        </div>

        <ol className="flex flex-col gap-2.5">
          {outlineSessions.map((session, index) => (
            <li key={`${index}-${session.title}`}>
              <details className="group rounded-xl border border-slate-200 bg-white transition-colors open:border-sky-200 open:bg-sky-50/40">
                <summary className="flex cursor-pointer list-none items-center gap-4 rounded-xl p-4 hover:bg-slate-50 group-open:hover:bg-transparent [&::-webkit-details-marker]:hidden">
                  <span
                    aria-hidden="true"
                    className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-navy-950 text-sm font-semibold text-white tabular-nums"
                  >
                    {String(index + 1).padStart(2, '0')}
                  </span>
                  <span className="flex-1 font-medium text-navy-950">
                    <span className="sr-only">Session {index + 1}: </span>
                    {session.title}
                  </span>
                  <span className="hidden text-sm text-slate-500 sm:inline">
                    {sessionHours} hours
                  </span>
                  <span className="text-slate-500 transition-transform group-open:rotate-180">
                    <ChevronDownIcon />
                  </span>
                </summary>
                <ul className="flex flex-col gap-1.5 px-4 pb-4 pl-[4.25rem] text-sm text-slate-700">
                  {session.topics.map((topic, topicIndex) => (
                    <li key={`${topicIndex}-${topic}`} className="list-disc marker:text-sky-600">
                      {topic}
                    </li>
                  ))}
                </ul>
              </details>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
