/**
 * Every call the order life cycle makes to a payment rail, kept as a row of
 * `provider_calls` (operation, outcome, a short detail, how long it took),
 * so the seller's timeline shows what was asked of PayPal or Zoho and what
 * came of it without anyone reading logs. The rail is wrapped once, where
 * the service hands rails to its parts, so issuing, settlement, the
 * reconciler and the seller's actions are all recorded and the adapters
 * know nothing of it. Details carry ids, states and amounts, never a
 * buyer's name or address.
 */
import { formatMinor } from '@wifi7/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { providerCalls } from '../db/schema';
import {
  PaidAtProviderError,
  RailRefusedError,
  RailUnavailableError,
  type OrderSnapshot,
  type PaymentRail,
  type ProviderPaymentState,
} from './rail-port';

export type ProviderOperation = 'issue' | 'fetch-state' | 'cancel' | 'remind' | 'refund';
type Outcome = 'ok' | 'unavailable' | 'refused' | 'paid-at-provider' | 'error';

/** Told of every recorded call as well (the operator's metrics). */
export type ProviderCallObserver = (
  rail: string,
  operation: ProviderOperation,
  outcome: Outcome,
  seconds: number,
) => void;

const DETAIL_LIMIT = 300;

/** A rail whose issue, fetch-state, cancel, remind and refund calls are recorded. */
export function recordedRail(
  rail: PaymentRail,
  db: Db,
  log: FastifyBaseLogger,
  observe?: ProviderCallObserver,
): PaymentRail {
  const record = async (
    order: OrderSnapshot,
    operation: ProviderOperation,
    outcome: Outcome,
    detail: string | null,
    startedAt: number,
  ) => {
    observe?.(rail.rail, operation, outcome, (performance.now() - startedAt) / 1000);
    try {
      await db.insert(providerCalls).values({
        orderId: order.id,
        rail: rail.rail,
        operation,
        outcome,
        detail: detail?.slice(0, DETAIL_LIMIT) ?? null,
        durationMs: Math.max(0, Math.round(performance.now() - startedAt)),
      });
    } catch (error) {
      // The record is for the seller's eyes; it must never fail a payment.
      log.warn(
        { order: order.id, operation, err: (error as Error).message },
        'could not record a provider call',
      );
    }
  };

  async function observed<T>(
    order: OrderSnapshot,
    operation: ProviderOperation,
    call: () => Promise<T>,
    /** What came of it; by default, the object the call was about. */
    describe: (result: T) => string | null = () => order.providerReference,
  ): Promise<T> {
    const startedAt = performance.now();
    try {
      const result = await call();
      await record(order, operation, 'ok', describe(result), startedAt);
      return result;
    } catch (error) {
      const [outcome, detail] = failureOf(error);
      await record(order, operation, outcome, detail, startedAt);
      throw error;
    }
  }

  return {
    rail: rail.rail,
    findsLostCreates: rail.findsLostCreates,
    contacts: rail.contacts,
    issue: (order, remember) =>
      observed(
        order,
        'issue',
        () => rail.issue(order, remember),
        (issued) => issued.providerReference,
      ),
    fetchState: (order) =>
      observed(
        order,
        'fetch-state',
        () => rail.fetchState(order),
        (state) => describeState(order, state),
      ),
    cancel: (order) => observed(order, 'cancel', () => rail.cancel(order)),
    remind: (order) => observed(order, 'remind', () => rail.remind(order)),
    refund: (order, request) =>
      observed(
        order,
        'refund',
        () => rail.refund(order, request),
        (outcome) =>
          `${formatMinor(request.amountMinor)} ${order.currency}: ${outcome.refundReference} (${outcome.state})`,
      ),
    parseWebhook: (headers, rawBody) => rail.parseWebhook(headers, rawBody),
  };
}

function describeState(order: OrderSnapshot, state: ProviderPaymentState): string {
  const on = order.providerReference ? ` (${order.providerReference})` : '';
  switch (state.kind) {
    case 'paid':
      return `paid ${formatMinor(state.paidMinor)} ${state.currency}${on}`;
    case 'refunded':
      return `${state.partial ? 'partly refunded' : 'refunded'}${on}`;
    case 'mismatch':
      return `payment does not match the order${on}`;
    default:
      return `${state.kind}${on}`;
  }
}

/** The outcome of a failed call and a short description free of personal data. */
function failureOf(error: unknown): [Outcome, string] {
  if (error instanceof PaidAtProviderError) return ['paid-at-provider', 'already paid'];
  if (error instanceof RailRefusedError) return ['refused', `refused: ${error.code}`];
  if (error instanceof RailUnavailableError) {
    const when = error.outcomeUnknown ? 'no usable answer' : 'failed';
    return ['unavailable', `${when}: ${error.message}`];
  }
  return ['error', (error as Error).name || 'error'];
}
