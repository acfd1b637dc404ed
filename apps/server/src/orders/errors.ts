/** What can go wrong when placing or issuing an order, as the HTTP layer needs to know it. */
import { apiErrorReasons } from '@wifi7/contract';
import { HttpError } from '../lib/http-error';

export class OrderError extends HttpError {}

/** The buyer already has a paid order for this workshop (spec: 409 means already purchased). */
export class AlreadyPurchasedError extends OrderError {
  constructor() {
    super(409, 'This e-mail address has already purchased this workshop.');
  }
}

export class BatchUnavailableError extends OrderError {
  constructor() {
    super(422, 'The selected batch is closed or full. Please choose another batch.');
  }
}

/** A company order asks for more seats than the seller sells in one order. */
export class TooManySeatsError extends OrderError {
  constructor(max: number) {
    super(
      422,
      `One order can have at most ${max} seats. Please place a second order for the rest.`,
    );
  }
}

/** A company order names someone who already has a paid seat in the workshop. */
export class AttendeeHoldsSeatError extends OrderError {
  constructor(emails: readonly string[]) {
    super(
      409,
      `${emails.join(', ')} already ${emails.length === 1 ? 'has' : 'have'} a paid seat in this workshop. Leave that seat open or name someone else.`,
    );
  }
}

/** One client network holds as many unpaid seats of the batch as it may (hold-rules.ts). */
export class TooManyUnpaidHoldsError extends OrderError {
  constructor() {
    super(
      429,
      'Too many unpaid orders for this batch come from your network. Pay for one of them, or try again once they expire.',
    );
  }
}

export class DiscountNotApplicableError extends OrderError {
  constructor(reason: string) {
    super(422, reason);
  }
}

/** The provider could not be reached or answered garbage; the order is kept and retried later. */
export class PaymentProviderDownError extends OrderError {
  constructor() {
    super(
      502,
      'The payment provider is not answering right now. Your order is saved and will be completed; please try again later.',
    );
  }
}

/**
 * The provider never answered a request that may have made the invoice or
 * link, and cannot be asked about it: the order waits for the provider's
 * word or the seller's, and no second one is made meanwhile.
 */
export class PaymentUnconfirmedError extends OrderError {
  constructor() {
    super(
      502,
      'The payment provider did not confirm your payment request. If it reaches your e-mail, you can pay with it; otherwise the seller will contact you. Your order is saved.',
      apiErrorReasons.paymentUnconfirmed,
    );
  }
}

/** The provider refused the order's details; the order was closed. */
export class PaymentRefusedError extends OrderError {
  constructor(detail: string) {
    super(422, `The payment provider refused the order: ${detail}`);
  }
}

/**
 * A later checkout of the same buyer (another tab, a resubmit with changed
 * details) replaced this request's order before or while its invoice or
 * link was issued: only the newest checkout is payable. Not 409, which the
 * web client reads as "already purchased".
 */
export class OrderReplacedError extends OrderError {
  constructor() {
    super(
      422,
      'A newer checkout from your account (another tab or window) replaced this one before it could be paid. Only the newest checkout can be paid; please try again if you meant this one.',
    );
  }
}

/** Another request is issuing this order right now and did not finish in time. */
export class OrderBusyError extends OrderError {
  constructor() {
    super(503, 'Your order is still being processed. Please try again in a minute.');
  }
}
