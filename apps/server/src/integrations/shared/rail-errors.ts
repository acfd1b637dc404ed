/**
 * Where a provider call's typed failure becomes the rail port's: every rail
 * method runs through `inRailTerms`, so the order life cycle decides on
 * "unavailable" and "refused" and never sees an HTTP status or a provider's
 * error class.
 */
import {
  PaidAtProviderError,
  RailRefusedError,
  RailUnavailableError,
  type OrderSnapshot,
  type RefundOutcome,
} from '../../orders/rail-port';
import {
  ProviderBadResponseError,
  ProviderRejectedError,
  ProviderUnavailableError,
} from './provider-http';

/** A provider failure as the port's; anything else (our own errors) unchanged. */
function toRailError(error: unknown): unknown {
  if (error instanceof ProviderRejectedError)
    return new RailRefusedError(error.code, error.message);
  if (error instanceof ProviderUnavailableError) {
    return new RailUnavailableError(error.message, !error.providerDidNotAct);
  }
  // A 2xx we cannot read: the provider may well have acted.
  if (error instanceof ProviderBadResponseError) return new RailUnavailableError(error.message);
  return error;
}

/**
 * A read made before the provider is asked to act (the invoice or link
 * looked up before a refund): however it fails, nothing was done yet, so
 * the failure is never one whose outcome is unknown.
 */
export async function beforeActing<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ProviderUnavailableError || error instanceof ProviderBadResponseError) {
      throw new RailUnavailableError(error.message, false);
    }
    throw error;
  }
}

export async function inRailTerms<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toRailError(error);
  }
}

/** What a provider's refusal to withdraw an invoice or link tells us. */
export type WithdrawRefusal = 'paid' | 'nothing-to-withdraw' | 'refused';

/**
 * Withdraws a provider object: a refusal because it is already gone counts
 * as done, one because it is paid becomes PaidAtProviderError.
 */
export async function withdraw(
  cancel: () => Promise<void>,
  explainRefusal: (code: string) => WithdrawRefusal | Promise<WithdrawRefusal>,
): Promise<void> {
  try {
    await cancel();
  } catch (error) {
    if (!(error instanceof ProviderRejectedError)) throw error;
    const meaning = await explainRefusal(error.code);
    if (meaning === 'paid') throw new PaidAtProviderError();
    if (meaning === 'refused') throw error;
  }
}

/** A refund the provider answered: made (done or pending), or refused with its status. */
export function refundMade(
  outcome: RefundOutcome | undefined,
  providerStatus: string,
  provider: string,
): RefundOutcome {
  if (outcome) return outcome;
  throw new RailRefusedError(
    providerStatus,
    `${provider} did not make the refund (${providerStatus}).`,
  );
}

/** The provider's object an issued order was made with (`what` names it in the error). */
export function referenceOf(order: OrderSnapshot, what: string): string {
  if (!order.providerReference) throw new Error(`Order ${order.id} has no ${what} yet`);
  return order.providerReference;
}
