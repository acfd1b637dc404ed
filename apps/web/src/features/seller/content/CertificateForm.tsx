import { zodResolver } from '@hookform/resolvers/zod';
import { useController } from 'react-hook-form';
import { TextField } from '../../../components/Field';
import { textFieldWiring } from '../../../components/field-wiring';
import { certificateFormSchema, certificateToForm } from './form-schemas';
import { ImageField } from './ImageField';
import { SectionCard } from './SectionCard';
import type { SectionFormProps } from './section-form-props';
import { useSectionForm } from './use-section-form';

/** The sample certificate shown beside “A certificate for your profile”. */
export function CertificateSectionForm(props: SectionFormProps<'certificate'>) {
  const { form, card } = useSectionForm({
    ...props,
    section: 'certificate',
    title: 'Certificate image',
    resolver: zodResolver(certificateFormSchema),
    toForm: certificateToForm,
  });
  const { control, formState, register } = form;
  const { errors } = formState;
  const image = useController({ control, name: 'image' });

  return (
    <SectionCard
      {...card}
      description="The sample certificate beside “A certificate for your profile”."
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
        look="backOffice"
        required
        label="Image description"
        hint="What the certificate shows, for people who cannot see it."
        {...textFieldWiring('certificate', register, errors)('image.alt')}
      />
    </SectionCard>
  );
}
