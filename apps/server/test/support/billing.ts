/** The billing details of the buyer most tests use: a London address, valid for every rail. */
import type { BillingSnapshot } from '../../src/db/schema';

export const LONDON_BILLING: BillingSnapshot = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  country: 'United Kingdom',
  isoCode: 'GB',
  state: '',
  city: 'London',
  zipcode: 'N1 9GU',
};
