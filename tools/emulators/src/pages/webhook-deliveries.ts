/**
 * The webhook deliveries on the PayPal and Zoho pages: each attempt's
 * event, number and result, with a button to send the event again.
 */
import type { AttemptProgress } from '../webhook-delivery';
import { postButton, tableCard } from './fragments';
import { type RawHtml, html } from './html';

/** What the table shows of an attempt; both providers' records have it. */
export interface ShownAttempt extends AttemptProgress {
  eventId: string;
  eventType: string;
}

/**
 * @param control the provider's control API, which redelivers events
 * @param detail the muted line under the event type (the event id by default)
 */
export function deliveriesTable<A extends ShownAttempt>(
  attempts: readonly A[],
  control: string,
  detail: (attempt: A) => string = (attempt) => attempt.eventId,
): RawHtml {
  return tableCard(
    ['Event', 'Attempt', 'Result', ''],
    attempts.map(
      (attempt) =>
        html`<tr>
          <td>
            ${attempt.eventType}
            <div class="muted">${detail(attempt)}</div>
          </td>
          <td>${attempt.attempt}${attempt.redelivery ? ' (redelivery)' : ''}</td>
          <td>${attempt.statusCode ?? attempt.error ?? attempt.outcome}</td>
          <td>
            ${postButton(
              `${control}/webhooks/${encodeURIComponent(attempt.eventId)}/redeliver`,
              'Redeliver',
              { secondary: true },
            )}
          </td>
        </tr>`,
    ),
    'None yet.',
  );
}
