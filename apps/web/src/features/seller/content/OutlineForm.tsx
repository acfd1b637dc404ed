import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { useFieldArray } from 'react-hook-form';
import { site } from '../../../content/site';
import { TextAreaField, TextField } from '../../../components/Field';
import { sellerButton } from '../ui/styles';
import { fieldError } from './field-errors';
import { blankSession, outlineFormSchema, outlineToForm } from './form-schemas';
import { ArrowDownIcon, ArrowUpIcon, PlusIcon, TrashIcon } from '../ui/icons';
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
  /** The button to focus once the list has rendered after a move. */
  const focusNext = useRef<string | null>(null);

  useEffect(() => {
    if (!focusNext.current) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  });

  const moveSession = (from: number, to: number) => {
    const id = fields[from]!.id;
    move(from, to);
    const atEdge = to === 0 || to === fields.length - 1;
    const up = to < from;
    focusNext.current = `${id}-${up !== atEdge ? 'up' : 'down'}`;
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
                  <button
                    id={`${field.id}-up`}
                    type="button"
                    disabled={index === 0}
                    onClick={() => moveSession(index, index - 1)}
                    aria-label={`Move session ${index + 1} up`}
                    className={sellerButton.icon}
                  >
                    <ArrowUpIcon />
                  </button>
                  <button
                    id={`${field.id}-down`}
                    type="button"
                    disabled={index === fields.length - 1}
                    onClick={() => moveSession(index, index + 1)}
                    aria-label={`Move session ${index + 1} down`}
                    className={sellerButton.icon}
                  >
                    <ArrowDownIcon />
                  </button>
                  <button
                    type="button"
                    onClick={() => remove(index)}
                    aria-label={`Remove session ${index + 1}`}
                    className={sellerButton.iconDanger}
                  >
                    <TrashIcon />
                  </button>
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
