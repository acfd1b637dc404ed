/**
 * `zohoUserEmail` (spec section 3): the e-mail address whose Zoho Books
 * contact is known to exist, kept in localStorage for the India flow. The
 * contact page writes it once the contact is found or created; the payment
 * link page sends a visitor without it back to the contact page first.
 */
export const ZOHO_USER_EMAIL_KEY = 'zohoUserEmail';

export function rememberZohoUserEmail(email: string): void {
  try {
    localStorage.setItem(ZOHO_USER_EMAIL_KEY, email.trim().toLowerCase());
  } catch {
    // Storage can be unavailable (private mode, quota); the flow still works.
  }
}

export function hasZohoContactFor(email: string): boolean {
  try {
    return localStorage.getItem(ZOHO_USER_EMAIL_KEY) === email.trim().toLowerCase();
  } catch {
    return true;
  }
}
