import type { ContentSection, WorkshopContent } from '@wifi7/contract';
import { useEffect } from 'react';
import { useForm, type FieldValues, type Resolver } from 'react-hook-form';
import { focusFirstError } from './field-errors';
import type { SectionFormProps } from './section-form-props';
import { useSectionSave } from './use-section-save';

interface SectionFormOptions<
  S extends ContentSection,
  F extends FieldValues,
> extends SectionFormProps<S> {
  section: S;
  /** The section's heading, also in its Save button and messages. */
  title: string;
  resolver: Resolver<F, unknown, WorkshopContent[S]>;
  /** The saved value as the form's values. */
  toForm: (value: WorkshopContent[S]) => F;
  /** Before the form starts again from a saved version, or drops its changes. */
  onRestart?: () => void;
}

/**
 * The form of one page-content section, and what its SectionCard needs:
 * it starts from the saved version (and anew when that changes), tells the
 * page whether it has unsaved changes, and saves through the server.
 */
export function useSectionForm<S extends ContentSection, F extends FieldValues>({
  section,
  title,
  resolver,
  toForm,
  saved,
  onLoadLatest,
  onDirtyChange,
  onRestart,
}: SectionFormOptions<S, F>) {
  const form = useForm<F, unknown, WorkshopContent[S]>({
    resolver,
    defaultValues: toForm(saved.value as WorkshopContent[S]) as never,
    shouldFocusError: false,
  });
  const { reset, setFocus, formState, handleSubmit } = form;
  const { save, saving, conflict } = useSectionSave(section, title, saved, () => onRestart?.());

  // A new saved version restarts the form.
  useEffect(() => reset(toForm(saved.value as WorkshopContent[S])), [saved, reset, toForm]);
  useEffect(() => onDirtyChange(formState.isDirty), [formState.isDirty, onDirtyChange]);

  const card = {
    id: `content-${section}`,
    title,
    savedBy: saved.updatedBy,
    savedAt: saved.updatedAt,
    dirty: formState.isDirty,
    saving,
    conflict,
    onLoadLatest: () => {
      onRestart?.();
      onLoadLatest();
    },
    onDiscard: () => {
      onRestart?.();
      reset();
    },
    // An invalid submission focuses the first error.
    onSubmit: handleSubmit(save, (errors) => focusFirstError(errors, setFocus)),
  };
  return { form, card, save };
}
