import { zodResolver } from '@hookform/resolvers/zod';
import { useController } from 'react-hook-form';
import { TextAreaField, TextField } from '../../../components/Field';
import { textFieldWiring } from '../../../components/field-wiring';
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
  const field = textFieldWiring('instructor', register, errors, fieldError);
  const photo = useController({ control, name: 'photo' });

  return (
    <SectionCard
      {...card}
      description="Shown under “Your instructor”, and by name at the top of the workshop page."
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField look="backOffice" required label="Name" autoComplete="off" {...field('name')} />
        <TextField
          look="backOffice"
          required
          label="Title"
          hint="Shown under the name, e.g. “Senior RF Engineer”."
          {...field('title')}
        />
      </div>
      <TextAreaField
        look="backOffice"
        required
        label="Biography"
        rows={7}
        hint="Separate paragraphs with an empty line (up to 6)."
        {...field('bio')}
      />
      <TextAreaField
        look="backOffice"
        label="Short facts"
        optional
        rows={3}
        hint="One per line, up to 6, e.g. “10 years of Wi-Fi field testing”."
        {...field('facts')}
      />
      <TextField
        look="backOffice"
        label="Profile link"
        optional
        type="url"
        inputMode="url"
        placeholder="https://www.linkedin.com/in/…"
        {...field('profileUrl')}
      />
      <ImageField
        label="Photo"
        value={photo.field.value}
        onChange={(image) => image && photo.field.onChange({ ...photo.field.value, ...image })}
        hint="A square portrait works best."
        error={errors.photo?.src?.message}
      />
      <TextField
        look="backOffice"
        required
        label="Photo description"
        hint="For people who cannot see it, e.g. “Photo of the instructor at a whiteboard”."
        {...field('photo.alt')}
      />
    </SectionCard>
  );
}
