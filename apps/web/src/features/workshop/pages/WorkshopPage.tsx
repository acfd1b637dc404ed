import { site } from '../../../content/site';
import { SignInLinkWatch } from '../../auth';
import { CertificateSection } from '../components/CertificateSection';
import { ClosingCall } from '../components/ClosingCall';
import { CourseOutline } from '../components/CourseOutline';
import { DeepDives } from '../components/DeepDives';
import { EnrollCard } from '../components/EnrollCard';
import { SectionPlaceholder } from '../components/SectionPlaceholder';
import { useWorkshopContent } from '../hooks/use-workshop-content';
import { initials } from '../initials';
import {
  BookIcon,
  CertificateIcon,
  CheckIcon,
  DownloadIcon,
  WaveformIcon,
} from '../components/icons';
import { InstructorSection } from '../components/InstructorSection';
import { Testimonials } from '../components/Testimonials';

const highlightIcons = [DownloadIcon, CertificateIcon, BookIcon, WaveformIcon];

/**
 * /wifi7-workshop — the landing page, the landing after logout and the
 * target of the e-mail sign-in link (spec section 2). The enroll card in the
 * hero holds the price, the batch choice and the main button. The
 * instructor, the course outline, the certificate image and the testimonials
 * are what sellers edit in the back office; the server sends them with the
 * page, so it paints complete at once.
 */
export function WorkshopPage() {
  const { workshop } = site;
  const { content, loading } = useWorkshopContent();
  const instructor = content?.instructor;

  return (
    <>
      <title>{site.productTitle}</title>
      <SignInLinkWatch />

      {/*
        Beside the text (lg) the enroll card sets the hero's height, and it grows as the
        schedule arrives. The hero keeps room for the card with three batches and their
        local times, so the page paints at its final height and the sections below stay
        put; a shorter card leaves the hero's own background below it.
      */}
      <section className="relative overflow-hidden bg-navy-950 text-white lg:min-h-[53.375rem]">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(60rem_30rem_at_85%_-10%,rgba(56,189,248,0.22),transparent_60%)]"
        />
        <div className="relative mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-[minmax(0,1.25fr)_minmax(0,1fr)] lg:items-start lg:gap-16 lg:py-24">
          {/* Top-aligned: the enroll card grows as the schedule arrives, and nothing beside it moves. */}
          <div className="flex flex-col gap-6 lg:pt-10">
            <p className="inline-flex w-fit items-center gap-2 rounded-full border border-sky-400/30 bg-sky-400/10 px-3 py-1 text-sm font-medium text-sky-200">
              <span aria-hidden="true" className="size-2 rounded-full bg-sky-400" />
              Live online workshop
            </p>
            <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl">
              {site.productTitle}
            </h1>
            <p className="max-w-xl text-lg text-pretty text-slate-300 sm:text-xl">{site.tagline}</p>
            <ul className="flex flex-wrap gap-2 text-sm font-medium" aria-label="Format">
              <li className="rounded-md bg-white/10 px-3 py-1.5">
                {workshop.sessions} live sessions
              </li>
              <li className="rounded-md bg-white/10 px-3 py-1.5">
                {workshop.sessionHours} hours each
              </li>
              <li className="rounded-md bg-white/10 px-3 py-1.5">{workshop.timezone}</li>
              <li className="rounded-md bg-white/10 px-3 py-1.5">{workshop.prerequisite}</li>
            </ul>
            {/* Its place is kept while the content is on its way, so nothing below moves. */}
            <p className="flex min-h-10 items-center gap-3 text-sm text-slate-300">
              {instructor && (
                <>
                  <span
                    aria-hidden="true"
                    className="flex size-10 shrink-0 items-center justify-center rounded-full bg-sky-400/15 font-semibold text-sky-200 ring-1 ring-sky-400/30"
                  >
                    {initials(instructor.name)}
                  </span>
                  <span>
                    Taught live by{' '}
                    <span className="font-semibold text-white">{instructor.name}</span>,{' '}
                    {instructor.title}
                  </span>
                </>
              )}
            </p>
          </div>

          <EnrollCard />
        </div>
      </section>

      <section
        aria-labelledby="highlights-title"
        className="content-auto mx-auto max-w-6xl px-4 py-16 sm:px-6"
      >
        <h2
          id="highlights-title"
          className="text-2xl font-bold tracking-tight text-navy-950 sm:text-3xl"
        >
          What the workshop includes
        </h2>
        <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {workshop.highlights.map((highlight, index) => {
            const Icon = highlightIcons[index % highlightIcons.length] ?? CheckIcon;
            return (
              <li
                key={highlight.title}
                className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
              >
                <span className="flex size-11 items-center justify-center rounded-xl bg-sky-50 text-sky-700">
                  <Icon />
                </span>
                <h3 className="font-semibold text-navy-950">{highlight.title}</h3>
                <p className="text-sm text-slate-600">{highlight.text}</p>
              </li>
            );
          })}
        </ul>
      </section>

      <section
        aria-labelledby="audience-title"
        className="content-auto border-t border-slate-200 bg-white"
      >
        <div className="mx-auto grid max-w-6xl gap-8 px-4 py-16 sm:px-6 md:grid-cols-2 md:items-center">
          <div>
            <h2
              id="audience-title"
              className="text-2xl font-bold tracking-tight text-navy-950 sm:text-3xl"
            >
              Who it is for
            </h2>
            <p className="mt-3 text-lg text-slate-700">{workshop.audience}</p>
          </div>
          <ul className="flex flex-col gap-3 text-slate-700">
            {[
              `${workshop.prerequisite}: come as you are.`,
              `${workshop.sessions} live sessions of ${workshop.sessionHours} hours, in ${workshop.timezone}.`,
              'Missed a session? Download the recording.',
            ].map((point) => (
              <li key={point} className="flex gap-3">
                <span className="text-sky-700">
                  <CheckIcon />
                </span>
                {point}
              </li>
            ))}
          </ul>
        </div>
      </section>

      {content ? (
        <CourseOutline sessions={content.outline.sessions} />
      ) : (
        loading && <SectionPlaceholder label="Loading the course outline…" />
      )}
      <DeepDives />
      {content && <CertificateSection image={content.certificate.image} />}
      {content && <InstructorSection instructor={content.instructor} />}
      {content && content.testimonials.items.length > 0 && (
        <Testimonials items={content.testimonials.items} />
      )}
      <ClosingCall />
    </>
  );
}
