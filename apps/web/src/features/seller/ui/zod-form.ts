import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import type { z } from 'zod/mini';

/**
 * A dialog's form, checked by its schema: the fields hold the schema's input,
 * a valid submission hands on its output. `errors` are the fields' errors.
 */
export function useZodForm<Input extends FieldValues, Output extends FieldValues>(
  schema: z.core.$ZodType<Output, Input>,
  defaultValues: DefaultValues<Input>,
) {
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(schema), defaultValues });
  return { ...form, errors: form.formState.errors };
}
