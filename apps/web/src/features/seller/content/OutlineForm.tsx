import { zodResolver } from '@hookform/resolvers/zod';
import { useFieldArray } from 'react-hook-form';
import { site } from '../../../content/site';
import { TextAreaField, TextField } from '../../../components/Field';
import { sellerButton } from '../ui/styles';
import { fieldError } from './field-errors';
import { blankSession, outlineFormSchema, outlineToForm } from './form-schemas';
import { PlusIcon } from '../ui/icons';
import { focusAfterMove, useFocusAfterRender } from './list-focus';
import { ReorderButtons } from './ReorderButtons';
import { SectionCard } from './SectionCard';
import type { SectionFormProps } from './section-form-props';
import { useSectionForm } from './use-section-form';

const PROMISED_SESSIONS = site.workshop.sessions;

/** The course outline: the sessions in order, each a title and its topics. */
export function OutlineSectionForm(props: SectionFormProps<'outline'>) {
  const { form, card } = useSectionForm({
    ...props,
    section: 'outline',
    title: 'Course outline',
    resolver: zodResolver(outlineFormSchema),
    toForm: outlineToForm,
  });
  const { control, formState, register } = form;
  const { errors } = formState;
  const { fields, append, remove, move } = useFieldArray({ control, name: 'sessions' });
  const focusLater = useFocusAfterRender();

  const moveSession = (from: number, to: number) => {
    move(from, to);
    focusLater(focusAfterMove(fields[from]!.id, from, to, fields.length));
  };

  return (
    <SectionCard
      {...card}
      description="The sessions under “Course outline”, in order, each with its topics."
    >
      <p
        className={`rounded-lg px-3 py-2 text-sm ${
          fields.length === PROMISED_SESSIONS
            ? 'bg-slate-50 text-slate-700'
            : 'border border-amber-300 bg-amber-50 text-amber-950'
        }`}
      >
        The workshop page promises {PROMISED_SESSIONS} live sessions; this outline lists{' '}
        {fields.length}.
      </p>
      {errors.sessions?.root?.message && (
        <p className="text-sm text-red-700">{errors.sessions.root.message}</p>
      )}
      <ol className="flex flex-col gap-3">
        {fields.map((field, index) => (
          <li key={field.id}>
            <fieldset className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3 sm:p-4">
              <div className="flex items-center justify-between gap-3">
                <legend className="text-sm font-semibold text-navy-950">Session {index + 1}</legend>
                <div className="flex gap-2">
                  <ReorderButtons
                    id={field.id}
                    index={index}
                    count={fields.length}
                    name={`session ${index + 1}`}
                    onMove={(to) => moveSession(index, to)}
                    onRemove={() => remove(index)}
                  />
                </div>
              </div>
              <div className="grid gap-3 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
                <TextField
                  look="backOffice"
                  required
                  id={`${field.id}-title`}
                  label="Title"
                  error={errors.sessions?.[index]?.title?.message}
                  {...register(`sessions.${index}.title`)}
                />
                <TextAreaField
                  look="backOffice"
                  required
                  id={`${field.id}-topics`}
                  label="Topics"
                  rows={3}
                  hint="One per line, up to 10."
                  error={fieldError(errors.sessions?.[index]?.topics)}
                  {...register(`sessions.${index}.topics`)}
                />
              </div>
            </fieldset>
          </li>
        ))}
      </ol>
      <button
        type="button"
        onClick={() =>
          append(blankSession(), {
            shouldFocus: true,
            focusName: `sessions.${fields.length}.title`,
          })
        }
        className={`${sellerButton.secondary} w-fit`}
      >
        <PlusIcon />
        Add a session
      </button>
    </SectionCard>
  );
}
