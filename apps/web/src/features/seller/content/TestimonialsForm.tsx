import { zodResolver } from '@hookform/resolvers/zod';
import type { SavedSection } from '@wifi7/contract';
import { useRef, useState } from 'react';
import {
  useController,
  useFieldArray,
  useWatch,
  type Control,
  type FieldErrors,
  type UseFormRegister,
} from 'react-hook-form';
import { TextAreaField, TextField } from '../../../components/Field';
import { sellerButton } from '../ui/styles';
import { focusFirstError } from './field-errors';
import {
  blankTestimonial,
  testimonialsFormSchema,
  testimonialsToForm,
  type TestimonialForm,
  type TestimonialsForm,
} from './form-schemas';
import { PencilIcon, PlusIcon } from '../ui/icons';
import { focusAfterMove, useFocusAfterRender } from './list-focus';
import { ReorderButtons } from './ReorderButtons';
import { ImageField } from './ImageField';
import { SectionCard } from './SectionCard';
import type { SectionFormProps } from './section-form-props';
import { useSectionForm } from './use-section-form';

/** Where an open item sits after a move: the list is spliced like an array. */
function movedIndex(index: number, from: number, to: number): number {
  if (index === from) return to;
  if (from < to && index > from && index <= to) return index - 1;
  if (from > to && index >= to && index < from) return index + 1;
  return index;
}

/**
 * The testimonials, in the order the page shows them: each one a summary,
 * opened here to edit; added, removed and moved up or down with buttons
 * (so the keyboard does it all). The list is saved whole.
 */
export function TestimonialsSectionForm(props: SectionFormProps<'testimonials'>) {
  /** The items opened for editing, by position. */
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const { form, card, save } = useSectionForm({
    ...props,
    section: 'testimonials',
    title: 'Testimonials',
    resolver: zodResolver(testimonialsFormSchema),
    toForm: testimonialsToForm,
    onRestart: () => setOpen(new Set()),
  });
  const { control, formState, setFocus, register } = form;
  const { errors } = formState;
  const { fields, append, remove, move } = useFieldArray({ control, name: 'items' });
  const addButton = useRef<HTMLButtonElement>(null);
  const focusLater = useFocusAfterRender();

  const toggle = (index: number, isOpen: boolean) =>
    setOpen((current) => {
      const next = new Set(current);
      if (isOpen) next.add(index);
      else next.delete(index);
      return next;
    });

  const add = () => {
    const index = fields.length;
    append(blankTestimonial(), { shouldFocus: false });
    toggle(index, true);
    focusLater(() => setFocus(`items.${index}.name`));
  };

  /** Keeps the open items open as the list changes (null: the item is gone). */
  const reopen = (to: (index: number) => number | null) =>
    setOpen((current) => new Set([...current].map(to).filter((each) => each !== null)));

  const moveItem = (from: number, to: number) => {
    move(from, to);
    reopen((index) => movedIndex(index, from, to));
    focusLater(focusAfterMove(fields[from]!.id, from, to, fields.length));
  };

  const removeItem = (index: number) => {
    remove(index);
    // Those after it move up, as if it had moved to the end first.
    reopen((each) => (each === index ? null : movedIndex(each, index, fields.length - 1)));
    const next = fields[index + 1] ?? fields[index - 1];
    if (next) focusLater(`${next.id}-edit`);
    else addButton.current?.focus();
  };

  const onInvalid = (invalid: FieldErrors<TestimonialsForm>) => {
    const broken = (invalid.items ?? []) as unknown[];
    setOpen(
      (current) =>
        new Set([...current, ...fields.flatMap((_, index) => (broken[index] ? [index] : []))]),
    );
    // The broken items' fields exist once they have rendered open.
    requestAnimationFrame(() => focusFirstError(invalid, setFocus));
  };

  return (
    <SectionCard
      {...card}
      description="Quotes from past attendees, in the order the workshop page shows them (the first 6 show at once)."
      onSubmit={form.handleSubmit(save, onInvalid)}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700">
          {fields.length === 1 ? '1 testimonial' : `${fields.length} testimonials`}
          {fields.length === 0 && ': the workshop page shows none.'}
        </p>
        {errors.items?.root?.message && (
          <p className="text-sm text-red-700">{errors.items.root.message}</p>
        )}
      </div>
      <ol className="flex flex-col gap-3">
        {fields.map((field, index) => (
          <li key={field.id}>
            <TestimonialItem
              id={field.id}
              index={index}
              count={fields.length}
              isOpen={open.has(index)}
              errors={errors.items?.[index]}
              control={control}
              register={register}
              onToggle={(isOpen) => toggle(index, isOpen)}
              onMove={(to) => moveItem(index, to)}
              onRemove={() => removeItem(index)}
            />
          </li>
        ))}
      </ol>
      <button
        ref={addButton}
        type="button"
        onClick={add}
        className={`${sellerButton.secondary} w-fit`}
      >
        <PlusIcon />
        Add a testimonial
      </button>
    </SectionCard>
  );
}

interface TestimonialItemProps {
  id: string;
  index: number;
  count: number;
  isOpen: boolean;
  errors: FieldErrors<TestimonialForm> | undefined;
  control: Control<TestimonialsForm, unknown, SavedSection<'testimonials'>['value']>;
  register: UseFormRegister<TestimonialsForm>;
  onToggle: (isOpen: boolean) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}

function TestimonialItem({
  id,
  index,
  count,
  isOpen,
  errors,
  control,
  register,
  onToggle,
  onMove,
  onRemove,
}: TestimonialItemProps) {
  // Watched here, not in the list: typing in one testimonial renders that one alone.
  const item = useWatch({ control, name: `items.${index}` });
  const name = item.name.trim() || 'New testimonial';
  const who = [item.role, item.company]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
  const photo = useController({ control, name: `items.${index}.photo` });
  const fieldId = (field: string) => `${id}-${field}`;
  const text = (name: Exclude<keyof TestimonialForm, 'photo'>) => ({
    id: fieldId(name),
    error: errors?.[name]?.message,
    ...register(`items.${index}.${name}`),
  });

  return (
    <article
      aria-label={`Testimonial ${index + 1}: ${name}`}
      className={`rounded-lg border ${errors ? 'border-red-300' : 'border-slate-200'} ${isOpen ? 'bg-slate-50/70' : 'bg-white'}`}
    >
      <div className="flex flex-col gap-3 p-3 sm:flex-row sm:items-start sm:gap-4 sm:p-4">
        <div className="flex min-w-0 flex-1 gap-3">
          <span
            aria-hidden="true"
            className="flex size-7 shrink-0 items-center justify-center rounded-md bg-slate-100 text-xs font-semibold text-slate-600 tabular-nums"
          >
            {index + 1}
          </span>
          <div className="min-w-0">
            <p className="font-medium text-navy-950">{name}</p>
            {who && <p className="text-sm text-slate-600">{who}</p>}
            {!isOpen && item.quote.trim() && (
              <p className="mt-1 line-clamp-2 text-sm text-slate-700">“{item.quote.trim()}”</p>
            )}
            {errors && !isOpen && (
              <p className="mt-1 text-sm font-medium text-red-700">Needs attention: open it.</p>
            )}
          </div>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <button
            id={`${id}-edit`}
            type="button"
            aria-expanded={isOpen}
            aria-controls={isOpen ? fieldId('fields') : undefined}
            onClick={() => onToggle(!isOpen)}
            aria-label={`${isOpen ? 'Close' : 'Edit'} testimonial ${index + 1}`}
            className={sellerButton.secondary}
          >
            <PencilIcon />
            {isOpen ? 'Close' : 'Edit'}
          </button>
          <ReorderButtons
            id={id}
            index={index}
            count={count}
            name={`testimonial ${index + 1} (${name})`}
            onMove={onMove}
            onRemove={onRemove}
          />
        </div>
      </div>

      {isOpen && (
        <div
          id={fieldId('fields')}
          className="grid gap-4 border-t border-slate-200 px-3 py-4 sm:grid-cols-2 sm:px-4"
        >
          <TextField look="backOffice" required label="Name" autoComplete="off" {...text('name')} />
          <TextField
            look="backOffice"
            required
            label="Role"
            hint="e.g. Firmware Engineer"
            {...text('role')}
          />
          <TextField look="backOffice" label="Company" optional {...text('company')} />
          <TextField
            look="backOffice"
            label="Profile link"
            optional
            type="url"
            inputMode="url"
            placeholder="https://www.linkedin.com/in/…"
            {...text('profileUrl')}
          />
          <TextAreaField
            look="backOffice"
            required
            label="Quote"
            rows={3}
            className="sm:col-span-2"
            {...text('quote')}
          />
          <div className="sm:col-span-2">
            <ImageField
              label="Photo"
              value={photo.field.value}
              onChange={photo.field.onChange}
              removable
              hint="Optional: without one, the page shows the initials."
              error={errors?.photo?.src?.message}
            />
          </div>
        </div>
      )}
    </article>
  );
}
