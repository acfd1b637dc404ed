import type { Testimonial } from '@wifi7/contract';
import { useId, useState } from 'react';
import { workshopContent } from '../../../content/workshop';
import { initials } from '../initials';
import { ExternalLinkIcon, QuoteIcon } from './icons';

const avatarTones = [
  'bg-sky-100 text-sky-900',
  'bg-navy-950 text-white',
  'bg-emerald-100 text-emerald-900',
  'bg-amber-100 text-amber-900',
  'bg-indigo-100 text-indigo-900',
] as const;

/**
 * Quotes from past attendees, each linked to the attendee's profile. The
 * first few show at once; the rest are one click away, already in the page
 * (text, and small photos loaded only once shown), so opening them costs nothing.
 */
export function Testimonials({ items }: { items: Testimonial[] }) {
  const { title, initiallyShown } = workshopContent.testimonials;
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const hiddenCount = Math.max(0, items.length - initiallyShown);

  return (
    <section
      aria-labelledby="testimonials-title"
      className="content-auto border-t border-slate-200 bg-slate-100/60"
    >
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
          <h2
            id="testimonials-title"
            className="text-2xl font-bold tracking-tight text-navy-950 sm:text-3xl"
          >
            {title}
          </h2>
          <p className="text-slate-600">{items.length} engineers who took the workshop</p>
        </div>

        <ul id={listId} className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((item, index) => (
            <li key={`${index}-${item.name}`} hidden={!expanded && index >= initiallyShown}>
              <TestimonialCard item={item} tone={avatarTones[index % avatarTones.length]!} />
            </li>
          ))}
        </ul>

        {hiddenCount > 0 && (
          <div className="mt-8 flex justify-center">
            <button
              type="button"
              aria-expanded={expanded}
              aria-controls={listId}
              onClick={() => setExpanded((value) => !value)}
              className="rounded-lg border border-slate-300 bg-white px-5 py-2.5 font-semibold text-navy-950 shadow-xs transition-colors hover:bg-slate-50"
            >
              {expanded ? 'Show fewer' : `Show all ${items.length} testimonials`}
            </button>
          </div>
        )}
      </div>
    </section>
  );
}

function TestimonialCard({ item, tone }: { item: Testimonial; tone: string }) {
  return (
    <figure className="flex h-full flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <span className="text-sky-300">
        <QuoteIcon />
      </span>
      <blockquote className="flex-1 text-pretty text-slate-800">
        <p>{item.quote}</p>
      </blockquote>
      <figcaption className="flex items-center gap-3 border-t border-slate-100 pt-4">
        {item.photo ? (
          // The name beside it says who it is: the photo needs no description.
          <img
            src={item.photo.src}
            alt=""
            width={item.photo.width}
            height={item.photo.height}
            loading="lazy"
            decoding="async"
            className="size-10 shrink-0 rounded-full bg-slate-100 object-cover"
          />
        ) : (
          <span
            aria-hidden="true"
            className={`flex size-10 shrink-0 items-center justify-center rounded-full text-sm font-semibold ${tone}`}
          >
            {initials(item.name)}
          </span>
        )}
        <span className="min-w-0 text-sm">
          {item.profileUrl ? (
            <a
              href={item.profileUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 font-semibold text-navy-950 underline-offset-4 hover:text-sky-800 hover:underline"
            >
              {item.name}
              <ExternalLinkIcon />
              <span className="sr-only">(profile, opens in a new tab)</span>
            </a>
          ) : (
            <span className="font-semibold text-navy-950">{item.name}</span>
          )}
          <span className="block text-slate-600">
            {[item.role, item.company].filter(Boolean).join(', ')}
          </span>
        </span>
      </figcaption>
    </figure>
  );
}
