/**
 * What Zoho Payments accepts when a payment link is created or updated
 * (India edition): `amount` a positive JSON number of rupees with at most
 * two decimals, `currency` INR only, `description` required and at most
 * 500 characters, `reference_id` at most 50 (the SDKs' limit; the docs say
 * 100), `expires_at` a yyyy-MM-dd date not before today in India,
 * `notify_customer` booleans that need the address they notify. An update
 * may change the descriptive fields, never the amount or the currency.
 * The first problem is answered.
 */
import { paymentsErrors } from './errors';
import { paiseOf } from './money';
import type { NotifyCustomer } from './payment-link-types';
import { isCalendarDate, istDate } from './time';

export interface LinkFields {
  description?: string;
  email?: string;
  phone?: string;
  phone_country_code?: string;
  reference_id?: string;
  return_url?: string;
  expires_at?: string;
  notify_customer?: NotifyCustomer;
  configurations?: { allowed_payment_methods?: string[] };
}

export interface NewLinkRequest extends LinkFields {
  paise: number;
  description: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Body = Record<string, unknown>;

function asBody(body: unknown): Body {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw paymentsErrors.malformedBody();
  return body as Body;
}

function optionalText(body: Body, field: string, max: number): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw paymentsErrors.invalidField(field);
  const trimmed = value.trim();
  if (trimmed.length > max)
    throw paymentsErrors.invalidField(field, `${field} can have at most ${max} characters.`);
  return trimmed;
}

function description(body: Body, required: boolean): string | undefined {
  const value = optionalText(body, 'description', 500);
  if (required && !value)
    throw paymentsErrors.invalidField('description', 'description is required.');
  if (value === '') throw paymentsErrors.invalidField('description', 'description is required.');
  return value;
}

function email(body: Body): string | undefined {
  const value = optionalText(body, 'email', 100);
  if (value && !EMAIL.test(value)) throw paymentsErrors.invalidField('email');
  return value || undefined;
}

function returnUrl(body: Body): string | undefined {
  const value = optionalText(body, 'return_url', 2000);
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw paymentsErrors.invalidField('return_url');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw paymentsErrors.invalidField('return_url');
  return value;
}

function expiresAt(body: Body, now: number): string | undefined {
  const value = optionalText(body, 'expires_at', 10);
  if (!value) return undefined;
  if (!isCalendarDate(value))
    throw paymentsErrors.invalidField(
      'expires_at',
      'expires_at must be a date in yyyy-MM-dd format.',
    );
  if (value < istDate(now))
    throw paymentsErrors.invalidField('expires_at', 'expires_at cannot be a date in the past.');
  return value;
}

function notifyCustomer(body: Body): NotifyCustomer | undefined {
  const value = body.notify_customer;
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value))
    throw paymentsErrors.invalidField('notify_customer');
  const { email: byEmail, sms } = value as Record<string, unknown>;
  if (byEmail !== undefined && typeof byEmail !== 'boolean')
    throw paymentsErrors.invalidField('notify_customer');
  if (sms !== undefined && typeof sms !== 'boolean')
    throw paymentsErrors.invalidField('notify_customer');
  return { email: byEmail === true, sms: sms === true };
}

function configurations(body: Body): LinkFields['configurations'] {
  const value = body.configurations;
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value))
    throw paymentsErrors.invalidField('configurations');
  const methods = (value as Record<string, unknown>).allowed_payment_methods;
  if (methods === undefined) return {};
  if (
    !Array.isArray(methods) ||
    methods.length === 0 ||
    !methods.every((method) => typeof method === 'string' && method.trim() !== '')
  )
    throw paymentsErrors.invalidField('configurations');
  return { allowed_payment_methods: methods as string[] };
}

function descriptiveFields(body: Body, now: number, requireDescription: boolean): LinkFields {
  const fields: LinkFields = {
    description: description(body, requireDescription),
    email: email(body),
    phone: optionalText(body, 'phone', 20),
    phone_country_code: optionalText(body, 'phone_country_code', 5),
    reference_id: optionalText(body, 'reference_id', 50),
    return_url: returnUrl(body),
    expires_at: expiresAt(body, now),
    notify_customer: notifyCustomer(body),
    configurations: configurations(body),
  };
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined),
  ) as LinkFields;
}

/** Checks that a notification can reach the customer with the link's final fields. */
export function checkNotification(fields: LinkFields): void {
  if (fields.notify_customer?.email && !fields.email)
    throw paymentsErrors.invalidField(
      'email',
      'email is required to notify the customer by e-mail.',
    );
  if (fields.notify_customer?.sms && !fields.phone)
    throw paymentsErrors.invalidField('phone', 'phone is required to notify the customer by SMS.');
}

export function checkNewLink(input: unknown, now: number): NewLinkRequest {
  const body = asBody(input);
  if (body.amount === undefined || body.amount === null)
    throw paymentsErrors.invalidField('amount', 'amount is required.');
  const paise = paiseOf(body.amount);
  if (paise === undefined)
    throw paymentsErrors.invalidField(
      'amount',
      'amount must be a positive number of rupees with at most two decimals.',
    );
  if (body.currency === undefined || body.currency === null || body.currency === '')
    throw paymentsErrors.invalidField('currency', 'currency is required.');
  if (body.currency !== 'INR')
    throw paymentsErrors.invalidField('currency', 'Only INR is supported for this account.');
  const fields = descriptiveFields(body, now, true);
  checkNotification(fields);
  return { ...fields, paise, description: fields.description ?? '' };
}

/**
 * An update's fields. The amount and currency are fixed once a link
 * exists: sending the same values is harmless, different ones are refused
 * rather than ignored, so a client cannot believe it changed them.
 */
export function checkLinkUpdate(
  input: unknown,
  current: { paise: number },
  now: number,
): LinkFields {
  const body = asBody(input ?? {});
  if (body.amount !== undefined && paiseOf(body.amount) !== current.paise)
    throw paymentsErrors.invalidField('amount', 'The amount of a payment link cannot be changed.');
  if (body.currency !== undefined && body.currency !== 'INR')
    throw paymentsErrors.invalidField(
      'currency',
      'The currency of a payment link cannot be changed.',
    );
  return descriptiveFields(body, now, false);
}
