/**
 * POST /api/courses/pricing. No sign-in is needed, but a signed-in buyer's
 * ID token is sent along, so the server remembers an applied discount code
 * for the India checkout (whose request carries no code).
 */
import {
  apiRoutes,
  pricingResponseSchema,
  type PricingRequest,
  type PricingResponse,
} from '@wifi7/contract';
import { sendRequest } from '../../../lib/api-client';
import { currentIdTokenIfSignedIn } from '../../../lib/authorized-request';

export async function fetchPrices(request: PricingRequest): Promise<PricingResponse> {
  const token = await currentIdTokenIfSignedIn();
  const data = await sendRequest<unknown>({
    method: 'POST',
    url: apiRoutes.pricing,
    data: request,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  return pricingResponseSchema.parse(data);
}
