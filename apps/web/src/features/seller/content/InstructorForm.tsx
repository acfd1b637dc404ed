import { zodResolver } from '@hookform/resolvers/zod';
import type { SavedSection } from '@wifi7/contract';
import { useEffect } from 'react';
import { useController, useForm } from 'react-hook-form';
import { fieldError, focusFirstError } from './field-errors';
import { TextAreaField, TextField } from './fields';
import { instructorFormSchema, instructorToForm, type InstructorForm } from './form-schemas';
import { ImageField } from './ImageField';
import { SectionCard } from './SectionCard';
import type { SectionFormProps } from './section-form-props';
import { useSectionSave } from './use-section-save';

/** Who teaches: name, title, biography, short facts, profile link and photo. */
export function InstructorSectionForm({
  saved,
  onSaved,
  onLoadLatest,
  onDirtyChange,
}: SectionFormProps<'instructor'>) {
  const form = useForm<InstructorForm, unknown, SavedSection<'instructor'>['value']>({
    resolver: zodResolver(instructorFormSchema),
    defaultValues: instructorToForm(saved.value),
    shouldFocusError: false,
  });
  const { register, formState, reset, setFocus, control } = form;
  const { errors, isDirty } = formState;
  const { save, saving, conflict } = useSectionSave('instructor', 'Instructor', saved, onSaved);
  const photo = useController({ control, name: 'photo' });

  useEffect(() => reset(instructorToForm(saved.value)), [saved, reset]);
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  return (
    <SectionCard
      id="content-instructor"
      title="Instructor"
      description="Shown under “Your instructor”, and by name at the top of the workshop page."
      savedBy={saved.updatedBy}
      savedAt={saved.updatedAt}
      dirty={isDirty}
      saving={saving}
      conflict={conflict}
      onLoadLatest={onLoadLatest}
      onDiscard={() => reset()}
      onSubmit={form.handleSubmit(save, (invalid) => focusFirstError(invalid, setFocus))}
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
