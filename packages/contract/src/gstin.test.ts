import { describe, expect, it } from 'vitest';
import { billingInformationSchema } from './checkout';
import {
  GSTIN_CHECKSUM_MESSAGE,
  GSTIN_INVALID_MESSAGE,
  gstinCheckCharacter,
  gstinProblem,
  gstinSchema,
  gstinStateCode,
} from './gstin';
import { zohoContactRequestSchema, type ZohoContactRequest } from './zoho';

// Real-format GSTINs whose last character was computed with the checksum.
const VALID = [
  '27AAPFU0939F1ZV', // the commonly cited example (Maharashtra)
  '29ABCDE1234F1ZW', // Karnataka
  '07AABCU9603R1ZP', // Delhi
  '33AAACT2727Q1Z3', // Tamil Nadu
  '19AAACW1234E2ZM', // West Bengal, second registration of the PAN
  '38AAACR5055K1Z4', // Ladakh, the highest state code
];

describe('gstinCheckCharacter', () => {
  it('computes the base-36 check character of the first 14', () => {
    for (const gstin of VALID) expect(gstinCheckCharacter(gstin.slice(0, 14))).toBe(gstin[14]);
  });
});

describe('gstinProblem', () => {
  it('accepts valid GSTINs', () => {
    for (const gstin of VALID) expect(gstinProblem(gstin), gstin).toBeUndefined();
  });

  it('tells a wrong check character apart from a malformed number', () => {
    expect(gstinProblem('27AAPFU0939F1ZW')).toBe('checksum');
    expect(gstinProblem('29ABCDE1234F1Z5')).toBe('checksum');
    // Two characters swapped: the checksum notices.
    expect(gstinProblem('27AAPFU0993F1ZV')).toBe('checksum');
  });

  it.each([
    ['too short', '27AAPFU0939F1Z'],
    ['too long', '27AAPFU0939F1ZVV'],
    ['state 00', '00AAPFU0939F1ZV'],
    ['state 39', '39AAPFU0939F1ZV'],
    ['state 97 (other territory)', '97AAPFU0939F1ZV'],
    ['digits in the PAN letters', '27AAP1U0939F1ZV'],
    ['letters in the PAN digits', '27AAPFU09X9F1ZV'],
    ['entity number 0', '27AAPFU0939F0ZV'],
    ['no Z in the 14th place', '27AAPFU0939F1AV'],
    ['lower case', '27aapfu0939f1zv'],
    ['punctuation', '27AAPFU0939F1Z-'],
  ])('refuses %s', (_, gstin) => {
    expect(gstinProblem(gstin)).toBe('invalid');
  });
});

describe('gstinSchema', () => {
  it('upper-cases and drops spaces before checking', () => {
    expect(gstinSchema.parse(' 27aapfu0939f1zv ')).toBe('27AAPFU0939F1ZV');
    expect(gstinSchema.parse('27 AAPFU 0939F 1ZV')).toBe('27AAPFU0939F1ZV');
  });

  it('answers one message for a malformed GSTIN and another for a bad checksum', () => {
    expect(gstinSchema.safeParse('27AAPFU0939').error?.issues[0]?.message).toBe(
      GSTIN_INVALID_MESSAGE,
    );
    expect(gstinSchema.safeParse('27AAPFU0939F1ZW').error?.issues[0]?.message).toBe(
      GSTIN_CHECKSUM_MESSAGE,
    );
    expect(GSTIN_INVALID_MESSAGE).toContain('15 characters');
  });

  it('gives the state code', () => {
    expect(gstinStateCode('27AAPFU0939F1ZV')).toBe('27');
  });
});

describe('the Zoho contact request', () => {
  const consumer: ZohoContactRequest = {
    contact_name: 'Asha Rao',
    contact_type: 'customer',
    customer_sub_type: 'individual',
    gst_treatment: 'consumer',
    place_of_contact: 'Karnataka',
    contact_persons: [
      { first_name: 'Asha', last_name: 'Rao', email: 'asha@example.in', is_primary_contact: true },
    ],
    billing_address: {
      address: '',
      city: 'Bengaluru',
      state: 'Karnataka',
      zip: '560001',
      country: 'India',
    },
  };
  const business: ZohoContactRequest = {
    ...consumer,
    customer_sub_type: 'business',
    gst_treatment: 'business_gst',
    gst_no: '29abcde1234f1zw',
    company_name: '  Rao Wireless Pvt Ltd ',
  };

  it("keeps the spec's consumer body as it is", () => {
    expect(zohoContactRequestSchema.parse(consumer)).toMatchObject(consumer);
  });

  it('takes a GSTIN with business_gst, normalised, and the company name trimmed', () => {
    expect(zohoContactRequestSchema.parse(business)).toMatchObject({
      gst_no: '29ABCDE1234F1ZW',
      company_name: 'Rao Wireless Pvt Ltd',
    });
  });

  it('refuses a GSTIN without business_gst, business_gst without one, and a bad GSTIN', () => {
    const issues = (body: ZohoContactRequest) =>
      zohoContactRequestSchema.safeParse(body).error?.issues.map((issue) => issue.path.join('.'));
    expect(issues({ ...business, gst_treatment: 'consumer' })).toEqual(['gst_treatment']);
    expect(issues({ ...consumer, gst_treatment: 'business_gst' })).toEqual(['gst_treatment']);
    expect(issues({ ...business, gst_no: '29ABCDE1234F1Z5' })).toEqual(['gst_no']);
  });
});

describe('the billing information of a company', () => {
  const billing = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    country: 'United Kingdom',
    isoCode: 'GB',
    zipcode: 'N1 9GU',
  };

  it('takes an optional company and VAT / tax id, trimmed', () => {
    expect(billingInformationSchema.parse(billing)).not.toHaveProperty('company');
    expect(
      billingInformationSchema.parse({ ...billing, company: ' Engines Ltd ', taxId: ' GB 123 ' }),
    ).toMatchObject({ company: 'Engines Ltd', taxId: 'GB 123' });
  });

  it('refuses a tax id too long for the invoice or with odd characters', () => {
    expect(billingInformationSchema.safeParse({ ...billing, taxId: '1'.repeat(33) }).success).toBe(
      false,
    );
    expect(billingInformationSchema.safeParse({ ...billing, taxId: 'GB<123>' }).success).toBe(
      false,
    );
    expect(
      billingInformationSchema.safeParse({ ...billing, company: 'x'.repeat(201) }).success,
    ).toBe(false);
  });
});
