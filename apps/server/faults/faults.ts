/**
 * The six faults of the matrix, as armed for one journey. Each lasts until
 * it is lifted, as an outage does, except `lost-answer`: the provider acts
 * on the journey's acting call and that one answer never arrives.
 */
import { until } from '../test/support/stack';
import type { Journey } from './journeys';
import { PROVIDER_TIMEOUT_MS, type EmulatorFault, type ProviderName, type World } from './world';

export const FAULTS = ['down', 'slow', '5xx', 'garbage', '429', 'lost-answer'] as const;
export type FaultName = (typeof FAULTS)[number];

/** What the table calls each fault. */
export const FAULT_TITLES: Record<FaultName, string> = {
  down: 'down (connection refused)',
  slow: 'slower than the time-out',
  '5xx': '5xx',
  garbage: 'garbage 200',
  '429': '429 + Retry-After',
  'lost-answer': 'answer lost after it acted',
};

/** Late enough that our side has given up, then answered as if nothing happened. */
export function slowerThanTimeout(): number {
  return PROVIDER_TIMEOUT_MS + 500;
}

export function faultFor(name: FaultName, journey: Journey): 'down' | EmulatorFault {
  switch (name) {
    case 'down':
      return 'down';
    case 'slow':
      return { mode: 'slow', delayMs: slowerThanTimeout() };
    case '5xx':
      return { mode: 'http-500' };
    case 'garbage':
      return { mode: 'garbage' };
    case '429':
      return { mode: 'http-429' };
    case 'lost-answer':
      return { mode: 'lost-answer', times: 1, ...journey.actingCall };
  }
}

/** When each request the provider's emulator recorded arrived, and the fault it got. */
function recordedRequests(world: World, provider: ProviderName) {
  const { paypal, zoho, portal } = world.stack.emulators;
  switch (provider) {
    case 'paypal':
      return paypal.requests.list();
    case 'zoho-books':
      return zoho.requests.list({ service: 'books' });
    case 'zoho-payments':
      return zoho.requests.list({ service: 'payments' });
    case 'portal':
      return portal.state.listRequests();
  }
}

/** The requests a `slow` fault held back on the provider since `since`. */
function slowedRequests(world: World, provider: ProviderName, since: number) {
  return recordedRequests(world, provider).filter(
    (request) => request.fault === 'slow' && Date.parse(request.receivedAt) >= since,
  );
}

/**
 * Waits until every request a `slow` fault held back since `since` has been
 * let through: it acts `delayMs` after it arrived, although our side gave up
 * on it long before. Only then is what the provider holds final.
 */
export async function slowedRequestsLetThrough(
  world: World,
  provider: ProviderName,
  since: number,
  delayMs: number,
): Promise<void> {
  const arrivals = slowedRequests(world, provider, since).map((request) =>
    Date.parse(request.receivedAt),
  );
  if (arrivals.length === 0) return;
  const allThrough = Math.max(...arrivals) + delayMs + 250;
  await until(async () => Date.now() >= allThrough, 'the slowed requests to be let through');
}

/**
 * How many of the late answers our side was still waiting for. An answer
 * gets a status in the emulator's record only when it reaches a caller that
 * is still listening; one that gave up at its time-out leaves none.
 */
export function slowAnswersWaitedFor(world: World, provider: ProviderName, since: number): number {
  return slowedRequests(world, provider, since).filter((request) => request.statusCode !== null)
    .length;
}
