/**
 * POST /api/courses/pricing. No sign-in is needed, but a signed-in buyer's
 * ID token is sent along, so the server remembers an applied discount code
 * for the India checkout (whose request carries no code).
 */
import { apiRoutes, type PricingRequest, type PricingResponse } from '@wifi7/contract';
import { sendRequest } from '../../../lib/api-client';
import { currentIdTokenIfSignedIn } from '../../../lib/authorized-request';
import { schemaOf } from '../../../lib/schema-loader';

export async function fetchPrices(request: PricingRequest): Promise<PricingResponse> {
  const token = await currentIdTokenIfSignedIn();
  return sendRequest(
    {
      method: 'POST',
      url: apiRoutes.pricing,
      data: request,
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    },
    schemaOf('pricingResponseSchema'),
  );
}

/**
 * The pricing request for a visitor (spec section 7): "If the country
 * lookup fails, the country is US with no discount."
 */
export function pricingRequestFor(
  productSkus: string[],
  location: { country: string; lookedUp: boolean },
  discountCode: string | null,
): PricingRequest {
  return location.lookedUp
    ? { productSkus, countryCode: location.country, discountCode: discountCode?.trim() || null }
    : { productSkus, countryCode: 'US', discountCode: null };
}
