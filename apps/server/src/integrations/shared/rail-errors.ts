/**
 * Where a provider call's typed failure becomes the rail port's: every rail
 * method runs through `inRailTerms`, so the order life cycle decides on
 * "unavailable" and "refused" and never sees an HTTP status or a provider's
 * error class.
 */
import { RailRefusedError, RailUnavailableError } from '../../modules/orders/rail-port';
import {
  ProviderBadResponseError,
  ProviderRejectedError,
  ProviderUnavailableError,
} from './provider-http';

/** A provider failure as the port's; anything else (our own errors) unchanged. */
export function toRailError(error: unknown): unknown {
  if (error instanceof ProviderRejectedError)
    return new RailRefusedError(error.code, error.message);
  if (error instanceof ProviderUnavailableError || error instanceof ProviderBadResponseError) {
    return new RailUnavailableError(error.message);
  }
  return error;
}

export async function inRailTerms<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toRailError(error);
  }
}
