/**
 * The "remembered e-mail" (spec section 3): the normalised address a sign-in
 * link was sent to, kept in local storage under `email` so that opening the
 * link in the same browser needs no typing. Storage can be unavailable
 * (privacy modes, full quota); then the modal simply asks for the address.
 */
const STORAGE_KEY = 'email';

export const rememberedEmail = {
  get(): string | null {
    try {
      return localStorage.getItem(STORAGE_KEY);
    } catch {
      return null;
    }
  },
  set(email: string): void {
    try {
      localStorage.setItem(STORAGE_KEY, email);
    } catch {
      // Not fatal: see the module comment.
    }
  },
  clear(): void {
    try {
      localStorage.removeItem(STORAGE_KEY);
    } catch {
      // Not fatal: see the module comment.
    }
  },
};
