/**
 * Checkout request bodies the schemas accept, for the buyer's own address;
 * a test changes only what it is about.
 */
import type {
  PaypalInvoiceRequest,
  ZohoCheckoutRequest,
  ZohoContactRequest,
} from '@wifi7/contract';
import { testEnv } from './app';

export const ZOHO_RETURN_PATH = '/checkout/zoho-payment-status';

export const paypalInvoiceBody = (
  email: string,
  overrides: Partial<PaypalInvoiceRequest> = {},
): PaypalInvoiceRequest => ({
  userEmail: email,
  selfLearn: false,
  courseInfo: [
    { productSku: 'WIFI7-LIVE', productName: 'Wi-Fi 7 Live Online Workshop', batchId: 'B-JAN' },
  ],
  billingInformation: {
    firstName: 'Grace',
    lastName: 'Hopper',
    country: 'United States',
    state: 'New York',
    city: 'New York',
    zipcode: '10001',
    isoCode: 'US',
  },
  discountCode: null,
  ...overrides,
});

export const zohoContactBody = (email: string, name = 'Asha Rao'): ZohoContactRequest => {
  const [first, last] = name.split(' ') as [string, string];
  return {
    contact_name: name,
    contact_type: 'customer',
    customer_sub_type: 'individual',
    gst_treatment: 'consumer',
    place_of_contact: 'Karnataka',
    contact_persons: [{ first_name: first, last_name: last, email, is_primary_contact: true }],
    billing_address: {
      address: '12 MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      zip: '560001',
      country: 'India',
    },
  };
};

export const zohoCheckoutBody = (
  email: string,
  overrides: Partial<ZohoCheckoutRequest> = {},
): ZohoCheckoutRequest => ({
  productSkuList: ['WIFI7-LIVE'],
  email,
  description: 'Payment for Wi-Fi 7 Live Online Workshop',
  discountCode: null,
  batchId: 'B-JAN',
  returnUrl: `${testEnv.PUBLIC_SITE_URL}${ZOHO_RETURN_PATH}`,
  ...overrides,
});
