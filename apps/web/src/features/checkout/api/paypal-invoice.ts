/**
 * POST /api/checkout/paypal-invoice — asks the server to e-mail a PayPal
 * invoice for the cart. The server needs the bearer token and prices the
 * order itself; a repeated request reuses the same order and invoice.
 * The answer's body is not read (spec section 7): only its status matters,
 * and 409 means the workshop was already bought.
 */
import { apiRoutes, type PaypalInvoiceRequest } from '@wifi7/contract';
import { useMutation } from '@tanstack/react-query';
import { authorizedRequest } from '../../../lib/authorized-request';
import { useRefreshAfterOrder } from './placed-order';

export function usePaypalInvoice() {
  return useMutation({
    mutationFn: async (request: PaypalInvoiceRequest) => {
      await authorizedRequest({ method: 'POST', url: apiRoutes.paypalInvoice, data: request });
    },
    onSuccess: useRefreshAfterOrder(),
  });
}
