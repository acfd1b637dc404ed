import { workshopContent } from '../../../content/workshop';
import { BookIcon, CheckIcon, WaveformIcon } from './icons';

/** Reading the standard and sniffer-capture analysis, the workshop's two practical strands. */
export function DeepDives() {
  const { standard, captures } = workshopContent.deepDives;

  return (
    <section
      aria-labelledby="deep-dives-title"
      className="content-auto border-t border-slate-200 bg-white"
    >
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2 id="deep-dives-title" className="sr-only">
          How you will learn
        </h2>
        <div className="grid gap-6 lg:grid-cols-2">
          <article className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-slate-50/60 p-6 sm:p-8">
            <span className="flex size-11 items-center justify-center rounded-xl bg-sky-50 text-sky-700">
              <BookIcon />
            </span>
            <h3 className="text-xl font-bold tracking-tight text-navy-950">{standard.title}</h3>
            <p className="text-slate-700">{standard.text}</p>
            <Points points={standard.points} />
            <div className="mt-auto rounded-xl bg-white p-4 ring-1 ring-slate-200">
              <p id="reading-path-title" className="text-xs font-medium text-sky-800">
                How we trace a feature through the standard
              </p>
              <ol aria-labelledby="reading-path-title" className="mt-3 grid gap-3 sm:grid-cols-2">
                {standard.readingPath.map((each, index) => (
                  <li key={each.step} className="flex gap-3">
                    <span
                      aria-hidden="true"
                      className="flex size-7 shrink-0 items-center justify-center rounded-full bg-sky-100 text-sm font-semibold text-sky-900 tabular-nums"
                    >
                      {index + 1}
                    </span>
                    <span className="text-sm">
                      <span className="block font-semibold text-navy-950">{each.step}</span>
                      <span className="text-slate-600">{each.text}</span>
                    </span>
                  </li>
                ))}
              </ol>
            </div>
          </article>

          <article className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-slate-50/60 p-6 sm:p-8">
            <span className="flex size-11 items-center justify-center rounded-xl bg-sky-50 text-sky-700">
              <WaveformIcon />
            </span>
            <h3 className="text-xl font-bold tracking-tight text-navy-950">{captures.title}</h3>
            <p className="text-slate-700">{captures.text}</p>
            <Points points={captures.points} />
            <div className="mt-auto overflow-x-auto rounded-xl bg-navy-950 p-4 font-mono text-xs text-slate-200 sm:text-[0.8125rem]">
              <table className="w-full border-collapse text-left">
                <caption className="pb-2 text-left font-sans text-xs font-medium text-sky-300">
                  Excerpt of a capture we analyse together
                </caption>
                <thead className="text-slate-400">
                  <tr>
                    <th scope="col" className="py-1 pr-3 font-normal">
                      No.
                    </th>
                    <th scope="col" className="py-1 pr-3 font-normal">
                      Source
                    </th>
                    <th scope="col" className="py-1 font-normal">
                      Info
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {captures.sampleFrames.map((frame) => (
                    <tr key={frame.no} className="border-t border-white/10 align-top">
                      <td className="py-1.5 pr-3 text-sky-300 tabular-nums">{frame.no}</td>
                      <td className="py-1.5 pr-3 whitespace-nowrap">{frame.source}</td>
                      <td className="py-1.5">{frame.info}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </article>
        </div>
      </div>
    </section>
  );
}

/** A list of points, each with a tick; the certificate section lists its own with it. */
export function Points({
  points,
  className = '',
}: {
  points: readonly string[];
  className?: string;
}) {
  return (
    <ul className={`flex flex-col gap-2 text-slate-700 ${className}`}>
      {points.map((point) => (
        <li key={point} className="flex gap-2.5">
          <span className="text-sky-700">
            <CheckIcon />
          </span>
          {point}
        </li>
      ))}
    </ul>
  );
}
