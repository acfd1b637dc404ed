import { describe, expect, it } from 'vitest';
import type { NewBuyerContact } from '../../orders/rail-port';
import { GSTIN_PLACE_CODES } from './gst-state-codes';
import { contactBodyFor } from './link-mapping';

const buyer: NewBuyerContact = {
  email: 'asha@example.in',
  displayName: 'Asha Rao',
  firstName: 'Asha',
  lastName: 'Rao',
  address: '12 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  zip: '560001',
};

describe('contactBodyFor', () => {
  it('makes an individual consumer placed in the state of the address', () => {
    const body = contactBodyFor(buyer);
    expect(body).toMatchObject({
      contact_name: 'Asha Rao',
      customer_sub_type: 'individual',
      gst_treatment: 'consumer',
      place_of_contact: 'KA',
    });
    expect(body).not.toHaveProperty('gst_no');
    expect(body).not.toHaveProperty('company_name');
  });

  it('makes a GST-registered business placed in the state of its GSTIN', () => {
    const body = contactBodyFor({ ...buyer, gstin: '27AAPFU0939F1ZV', company: 'Rao Wireless' });
    expect(body).toMatchObject({
      contact_name: 'Asha Rao',
      company_name: 'Rao Wireless',
      customer_sub_type: 'business',
      gst_treatment: 'business_gst',
      gst_no: '27AAPFU0939F1ZV',
      // Registered in Maharashtra, though the address is in Karnataka.
      place_of_contact: 'MH',
      billing_address: { state: 'Karnataka' },
    });
  });

  it('has a Zoho place of contact for every GST state code 01–38', () => {
    for (let code = 1; code <= 38; code += 1) {
      expect(GSTIN_PLACE_CODES[String(code).padStart(2, '0')]).toMatch(/^[A-Z]{2}$/);
    }
  });
});
