import { useRef, useState } from 'react';
import { schemaOf } from '../../../lib/schema-loader';

// Fetched with zod when an address is first checked: the login page loads without it.
const loadEmailSchema = schemaOf('emailSchema');

/**
 * The e-mail input of the sign-in forms: its value, its error, and a check
 * with the contract's schema (trimmed, lower-cased) when the form is sent.
 * Typing clears the error.
 */
export function useEmailField(initial = '') {
  const [email, setEmail] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const change = (value: string) => {
    setEmail(value);
    setError(null);
  };

  /** The normalised address, or null after showing why it is not one. */
  const validate = async (): Promise<string | null> => {
    const parsed = (await loadEmailSchema()).safeParse(email);
    if (parsed.success) return parsed.data;
    setError(parsed.error.issues[0]?.message ?? 'Enter a valid e-mail address');
    inputRef.current?.focus();
    return null;
  };

  return { email, setEmail, change, error, inputRef, validate };
}
