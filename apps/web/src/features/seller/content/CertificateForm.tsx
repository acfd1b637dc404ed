import { zodResolver } from '@hookform/resolvers/zod';
import type { SavedSection } from '@wifi7/contract';
import { useEffect } from 'react';
import { useController, useForm } from 'react-hook-form';
import { TextField } from './fields';
import { certificateFormSchema, certificateToForm, type CertificateForm } from './form-schemas';
import { ImageField } from './ImageField';
import { SectionCard } from './SectionCard';
import type { SectionFormProps } from './section-form-props';
import { useSectionSave } from './use-section-save';

/** The sample certificate shown beside “A certificate for your profile”. */
export function CertificateSectionForm({
  saved,
  onSaved,
  onLoadLatest,
  onDirtyChange,
}: SectionFormProps<'certificate'>) {
  const form = useForm<CertificateForm, unknown, SavedSection<'certificate'>['value']>({
    resolver: zodResolver(certificateFormSchema),
    defaultValues: certificateToForm(saved.value),
  });
  const { control, formState, reset, register } = form;
  const { errors, isDirty } = formState;
  const { save, saving, conflict } = useSectionSave(
    'certificate',
    'Certificate image',
    saved,
    onSaved,
  );
  const image = useController({ control, name: 'image' });

  useEffect(() => reset(certificateToForm(saved.value)), [saved, reset]);
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  return (
    <SectionCard
      id="content-certificate"
      title="Certificate image"
      description="The sample certificate beside “A certificate for your profile”."
      savedBy={saved.updatedBy}
      savedAt={saved.updatedAt}
      dirty={isDirty}
      saving={saving}
      conflict={conflict}
      onLoadLatest={onLoadLatest}
      onDiscard={() => reset()}
      onSubmit={form.handleSubmit(save)}
    >
      <ImageField
        label="Certificate"
        shape="document"
        value={image.field.value}
        onChange={(next) => next && image.field.onChange({ ...image.field.value, ...next })}
        hint="A landscape image of a sample certificate."
        error={errors.image?.src?.message}
      />
      <TextField
        id="certificate-alt"
        label="Image description"
        hint="What the certificate shows, for people who cannot see it."
        error={errors.image?.alt?.message}
        {...register('image.alt')}
      />
    </SectionCard>
  );
}
