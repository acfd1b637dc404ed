import type { ContentImage } from '@wifi7/contract';
import { workshopContent } from '../../../content/workshop';
import { Points } from './DeepDives';

/** The digital certificate issued on completion, with a sample image. */
export function CertificateSection({ image }: { image: ContentImage }) {
  const { certificate } = workshopContent;

  return (
    <section aria-labelledby="certificate-title" className="content-auto border-t border-slate-200">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:px-6 md:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)] md:items-center lg:gap-16">
        <div>
          <h2
            id="certificate-title"
            className="text-2xl font-bold tracking-tight text-navy-950 sm:text-3xl"
          >
            {certificate.title}
          </h2>
          <p className="mt-3 text-lg text-slate-700">{certificate.text}</p>
          <Points points={certificate.points} className="mt-5" />
        </div>
        <figure className="rotate-[0.6deg] rounded-2xl bg-white p-2 shadow-xl ring-1 ring-slate-200 sm:p-3">
          <img
            src={image.src}
            alt={image.alt}
            width={image.width}
            height={image.height}
            loading="lazy"
            decoding="async"
            className="h-auto w-full rounded-xl bg-white"
          />
        </figure>
      </div>
    </section>
  );
}
