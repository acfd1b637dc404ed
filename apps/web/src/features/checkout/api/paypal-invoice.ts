/**
 * POST /api/checkout/paypal-invoice — asks the server to e-mail a PayPal
 * invoice for the cart. The server needs the bearer token and prices the
 * order itself; a repeated request reuses the same order and invoice.
 * The spec's page reads only the status (409: the workshop was already
 * bought); beyond the spec it reads whether the buyer's open order was
 * reused and its invoice sent again, so the page never claims an e-mail
 * that did not go.
 */
import { apiRoutes, type PaypalInvoiceRequest, type PaypalInvoiceResponse } from '@wifi7/contract';
import { useMutation } from '@tanstack/react-query';
import { authorizedRequest } from '../../../lib/authorized-request';
import { useRefreshAfterOrder } from './placed-order';

/** Whether the buyer's open order was reused, and its invoice sent again now. */
export type InvoiceSent = Pick<PaypalInvoiceResponse, 'reused' | 'sentAgain'>;

export function usePaypalInvoice() {
  return useMutation({
    // Any 200 is the spec's success; only its two extra fields are read, if there.
    mutationFn: async (request: PaypalInvoiceRequest): Promise<InvoiceSent> => {
      const answer: Partial<PaypalInvoiceResponse> | undefined = await authorizedRequest({
        method: 'POST',
        url: apiRoutes.paypalInvoice,
        data: request,
      });
      return { reused: answer?.reused === true, sentAgain: answer?.sentAgain === true };
    },
    onSuccess: useRefreshAfterOrder(),
  });
}
