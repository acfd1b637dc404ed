/**
 * Tells the server about a prospective student once a sign-in link has gone
 * out (spec section 7): once per distinct address in this browser session,
 * so resending a link does not repeat it. Failures are silent for the
 * visitor and only logged; a failed attempt may be repeated by a resend.
 */
import { apiRoutes, normalizeEmail } from '@wifi7/contract';
import { RequestFailedError, sendRequest } from '../../../lib/api-client';
import { schemaOf } from '../../../lib/schema-loader';
import { authLog } from './auth-log';

const SESSION_KEY = 'autoEnrollmentSent';

function sentAddresses(): Set<string> {
  try {
    const raw = sessionStorage.getItem(SESSION_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return new Set(Array.isArray(parsed) ? parsed.filter((v) => typeof v === 'string') : []);
  } catch {
    return new Set();
  }
}

function saveSentAddresses(addresses: Set<string>): void {
  try {
    sessionStorage.setItem(SESSION_KEY, JSON.stringify([...addresses]));
  } catch {
    // Without session storage the worst case is a repeated, harmless request.
  }
}

export async function enrollOnce(email: string): Promise<void> {
  const userEmail = normalizeEmail(email);
  const sent = sentAddresses();
  if (sent.has(userEmail)) return;
  // Marked before the request so a quick double resend cannot send it twice.
  sent.add(userEmail);
  saveSentAddresses(sent);
  try {
    const request = await schemaOf('autoEnrollmentRequestSchema')();
    await sendRequest(
      { method: 'POST', url: apiRoutes.autoEnrollment, data: request.parse({ userEmail }) },
      schemaOf('autoEnrollmentResponseSchema'),
    );
  } catch (error) {
    const again = sentAddresses();
    again.delete(userEmail);
    saveSentAddresses(again);
    authLog.autoEnrollmentFailed(error instanceof RequestFailedError ? error.status : undefined);
  }
}
