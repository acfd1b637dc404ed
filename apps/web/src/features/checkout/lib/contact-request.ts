/**
 * The India contact form's values, the Zoho Books contact request they make
 * (spec section 3, "Zoho contact request"), and their validation: the form
 * builds the request and checks it with the contract's own schema, so it
 * refuses exactly what the server would.
 */
import { zohoContactRequestSchema, type ZohoContactRequest } from '@wifi7/contract';
import type { FieldErrors, Resolver } from 'react-hook-form';

export interface ContactFormValues {
  firstName: string;
  lastName: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  /** Optional: a company buyer's name and GSTIN (blank for a private buyer). */
  company: string;
  gstin: string;
}

/**
 * The Zoho Books contact request of spec section 3 for the form's values;
 * with a GSTIN, a GST-registered business's (the contract checks the GSTIN).
 */
export function toContactRequest(values: ContactFormValues, email: string): ZohoContactRequest {
  const firstName = values.firstName.trim();
  const lastName = values.lastName.trim();
  const company = (values.company ?? '').trim();
  // Sent as the contract keeps it: no spaces, upper case.
  const gstin = (values.gstin ?? '').replace(/\s+/g, '').toUpperCase();
  return {
    contact_name: `${firstName} ${lastName}`.trim(),
    contact_type: 'customer',
    ...(gstin
      ? { customer_sub_type: 'business', gst_treatment: 'business_gst', gst_no: gstin }
      : { customer_sub_type: 'individual', gst_treatment: 'consumer' }),
    ...(company ? { company_name: company } : {}),
    place_of_contact: values.state as ZohoContactRequest['place_of_contact'],
    contact_persons: [
      { first_name: firstName, last_name: lastName, email, is_primary_contact: true },
    ],
    billing_address: {
      address: values.address.trim(),
      city: values.city.trim(),
      state: values.state as ZohoContactRequest['billing_address']['state'],
      zip: values.zip.trim(),
      country: 'India',
    },
  };
}

const fieldOfIssue: Record<string, keyof ContactFormValues> = {
  'contact_persons.0.first_name': 'firstName',
  'contact_persons.0.last_name': 'lastName',
  'billing_address.address': 'address',
  'billing_address.city': 'city',
  'billing_address.state': 'state',
  place_of_contact: 'state',
  'billing_address.zip': 'zip',
  company_name: 'company',
  gst_no: 'gstin',
};

/** Validates the form by checking the request it makes with the contract's schema. */
export function contactResolver(email: string): Resolver<ContactFormValues> {
  return (values) => {
    const result = zohoContactRequestSchema.safeParse(toContactRequest(values, email));
    if (result.success) return { values, errors: {} };
    const errors: FieldErrors<ContactFormValues> = {};
    for (const issue of result.error.issues) {
      const field = fieldOfIssue[issue.path.join('.')];
      if (!field || errors[field]) continue;
      const blank = (values[field] ?? '').trim() === '';
      errors[field] = {
        type: issue.code,
        message: field === 'zip' && blank ? 'ZIP Code is required' : issue.message,
      };
    }
    return { values: {}, errors };
  };
}
