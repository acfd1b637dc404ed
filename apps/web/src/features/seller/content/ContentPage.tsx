import type { ContentSection, SavedSection } from '@wifi7/contract';
import { useCallback, useState } from 'react';
import { PageSpinner } from '../../../components/Spinner';
import { paths } from '../../../config/paths';
import { SellerPage } from '../shell/SellerPage';
import { ProblemBlock } from '../ui/Panel';
import { sellerButton } from '../ui/styles';
import { CertificateSectionForm } from './CertificateForm';
import { useLoadLatestSection, useSellerContent } from './api/content';
import { InstructorSectionForm } from './InstructorForm';
import { OutlineSectionForm } from './OutlineForm';
import type { SectionFormProps } from './section-form-props';
import { TestimonialsSectionForm } from './TestimonialsForm';
import { useUnsavedChangesGuard } from './use-unsaved-changes-guard';

const SECTIONS = [
  { section: 'instructor', label: 'Instructor' },
  { section: 'testimonials', label: 'Testimonials' },
  { section: 'outline', label: 'Course outline' },
  { section: 'certificate', label: 'Certificate image' },
] as const satisfies readonly { section: ContentSection; label: string }[];

/**
 * /seller/content — what the workshop page shows besides the specification's
 * fixed texts: the instructor, the testimonials, the course outline and the
 * certificate image. Each section is a form of its own, saved whole; buyers
 * see a save on their next visit to the page.
 */
export default function ContentPage() {
  const query = useSellerContent();
  const content = query.data;
  const loadLatestSection = useLoadLatestSection();
  const [latestFailed, setLatestFailed] = useState(false);
  const failed = (query.isError && !query.isFetching) || latestFailed;
  const [dirty, setDirty] = useState<ReadonlySet<ContentSection>>(new Set());
  useUnsavedChangesGuard(dirty.size > 0);

  const retry = () => {
    setLatestFailed(false);
    void query.refetch();
  };
  const dirtyChanged = useCallback(
    (section: ContentSection, isDirty: boolean) =>
      setDirty((current) => {
        if (current.has(section) === isDirty) return current;
        const next = new Set(current);
        if (isDirty) next.add(section);
        else next.delete(section);
        return next;
      }),
    [],
  );
  const propsFor = <S extends ContentSection>(section: S): SectionFormProps<S> => ({
    saved: content![section] as SavedSection<S>,
    onLoadLatest: () => void loadLatestSection(section).catch(() => setLatestFailed(true)),
    onDirtyChange: (isDirty) => dirtyChanged(section, isDirty),
  });

  return (
    <SellerPage
      title="Page content"
      description="What the workshop page shows: the instructor, testimonials, course outline and certificate. Save a section and the page shows it to the next visitor."
      actions={
        <a
          href={paths.workshop}
          target="_blank"
          rel="noopener noreferrer"
          className={sellerButton.secondary}
        >
          View the workshop page
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      }
    >
      {failed && (
        <ProblemBlock
          title={null}
          problem="The page content could not be loaded just now."
          onRetry={retry}
        />
      )}
      {!content && !failed && <PageSpinner label="Loading the page content…" />}
      {content && (
        <>
          <nav aria-label="Sections of the page content">
            <ul className="flex flex-wrap gap-2">
              {SECTIONS.map(({ section, label }) => (
                <li key={section}>
                  <a
                    href={`#content-${section}`}
                    className="inline-flex items-center gap-1.5 rounded-full border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-navy-900 hover:bg-slate-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sky-600"
                  >
                    {label}
                    {dirty.has(section) && (
                      <>
                        <span aria-hidden="true" className="size-2 rounded-full bg-amber-500" />
                        <span className="sr-only">(unsaved changes)</span>
                      </>
                    )}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <InstructorSectionForm {...propsFor('instructor')} />
          <TestimonialsSectionForm {...propsFor('testimonials')} />
          <OutlineSectionForm {...propsFor('outline')} />
          <CertificateSectionForm {...propsFor('certificate')} />
        </>
      )}
    </SellerPage>
  );
}
