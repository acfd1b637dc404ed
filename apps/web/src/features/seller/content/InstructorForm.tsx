import { zodResolver } from '@hookform/resolvers/zod';
import { useController } from 'react-hook-form';
import { TextAreaField, TextField } from '../ui/Field';
import { fieldError } from './field-errors';
import { instructorFormSchema, instructorToForm } from './form-schemas';
import { ImageField } from './ImageField';
import { SectionCard } from './SectionCard';
import type { SectionFormProps } from './section-form-props';
import { useSectionForm } from './use-section-form';

/** Who teaches: name, title, biography, short facts, profile link and photo. */
export function InstructorSectionForm(props: SectionFormProps<'instructor'>) {
  const { form, card } = useSectionForm({
    ...props,
    section: 'instructor',
    title: 'Instructor',
    resolver: zodResolver(instructorFormSchema),
    toForm: instructorToForm,
  });
  const { register, formState, control } = form;
  const { errors } = formState;
  const photo = useController({ control, name: 'photo' });

  return (
    <SectionCard
      {...card}
      description="Shown under “Your instructor”, and by name at the top of the workshop page."
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id="instructor-name"
          label="Name"
          autoComplete="off"
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          id="instructor-title"
          label="Title"
          hint="e.g. Principal Wi-Fi Systems Architect"
          error={errors.title?.message}
          {...register('title')}
        />
      </div>
      <TextAreaField
        id="instructor-bio"
        label="Biography"
        rows={7}
        hint="Separate paragraphs with an empty line (up to 6)."
        error={fieldError(errors.bio)}
        {...register('bio')}
      />
      <TextAreaField
        id="instructor-facts"
        label="Short facts"
        optional
        rows={3}
        hint="One per line, up to 6, e.g. “19 years in WLAN design and testing”."
        error={fieldError(errors.facts)}
        {...register('facts')}
      />
      <TextField
        id="instructor-profile"
        label="Profile link"
        optional
        type="url"
        inputMode="url"
        placeholder="https://www.linkedin.com/in/…"
        error={errors.profileUrl?.message}
        {...register('profileUrl')}
      />
      <ImageField
        label="Photo"
        value={photo.field.value}
        onChange={(image) => image && photo.field.onChange({ ...photo.field.value, ...image })}
        hint="A square portrait works best."
        error={errors.photo?.src?.message}
      />
      <TextField
        id="instructor-photo-alt"
        label="Photo description"
        hint="For people who cannot see it, e.g. “Portrait of Dr. Maya Raghunathan”."
        error={errors.photo?.alt?.message}
        {...register('photo.alt')}
      />
    </SectionCard>
  );
}
