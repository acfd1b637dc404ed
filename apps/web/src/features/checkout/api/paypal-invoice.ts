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

/**
 * Whether the buyer's open order was reused, and its invoice sent again now;
 * and where the invoice went (null if the answer does not say).
 */
export interface InvoiceSent extends Pick<PaypalInvoiceResponse, 'reused' | 'sentAgain'> {
  sentTo: string | null;
}

export function usePaypalInvoice() {
  return useMutation({
    // Any 200 is the spec's success; only its extra fields are read, if there.
    mutationFn: async (request: PaypalInvoiceRequest): Promise<InvoiceSent> => {
      const answer: Partial<PaypalInvoiceResponse> | undefined = await authorizedRequest({
        method: 'POST',
        url: apiRoutes.paypalInvoice,
        data: request,
      });
      return {
        reused: answer?.reused === true,
        sentAgain: answer?.sentAgain === true,
        sentTo: typeof answer?.sentTo === 'string' ? answer.sentTo : null,
      };
    },
    onSuccess: useRefreshAfterOrder(),
  });
}
