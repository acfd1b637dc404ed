/**
 * PayPal's REST error body: `name`, `message`, `debug_id`, `details[]`
 * (`field`, `value`, `location`, `issue`, `description`) and `links`, with
 * the same `debug_id` in the `Paypal-Debug-Id` response header. Names and
 * messages are the fixed pairs of the OpenAPI error schemas.
 */
import type { FastifyReply } from 'fastify';
import { debugId } from './ids';

const ERRORS = {
  400: [
    'INVALID_REQUEST',
    'Request is not well-formed, syntactically incorrect, or violates schema.',
  ],
  401: [
    'AUTHENTICATION_FAILURE',
    'Authentication failed due to missing authorization header, or invalid authentication credentials.',
  ],
  403: ['NOT_AUTHORIZED', 'Authorization failed due to insufficient permissions.'],
  404: ['RESOURCE_NOT_FOUND', 'The specified resource does not exist.'],
  409: ['RESOURCE_CONFLICT', 'The server has detected a conflict while processing this request.'],
  415: ['UNSUPPORTED_MEDIA_TYPE', "The server does not support the request payload's media type."],
  422: [
    'UNPROCESSABLE_ENTITY',
    'The requested action could not be performed, semantically incorrect, or failed business validation.',
  ],
  429: ['RATE_LIMIT_REACHED', 'Too many requests. Blocked due to rate limiting.'],
  500: ['INTERNAL_SERVER_ERROR', 'An internal server error occurred.'],
  503: ['SERVICE_UNAVAILABLE', 'Service Unavailable.'],
} as const;

export type ErrorStatus = keyof typeof ERRORS;

export interface ErrorDetail {
  field?: string;
  value?: string;
  location?: 'body' | 'path' | 'query' | 'header';
  issue: string;
  description?: string;
}

export interface PaypalErrorBody {
  name: string;
  message: string;
  debug_id: string;
  details?: ErrorDetail[];
  links: { href: string; rel: 'information_link'; method: 'GET' }[];
}

/** A failure to answer in PayPal's error format. */
export class PaypalError extends Error {
  constructor(
    readonly status: ErrorStatus,
    readonly details: ErrorDetail[] = [],
  ) {
    super(`${ERRORS[status][0]}${details[0] ? `: ${details[0].issue}` : ''}`);
  }

  body(): PaypalErrorBody {
    const [name, message] = ERRORS[this.status];
    const issue = this.details[0]?.issue;
    return {
      name,
      message,
      debug_id: debugId(),
      // 5xx answers carry no details on PayPal.
      ...(this.status < 500
        ? {
            details: this.details.map(({ field, value, location, issue, description }) => ({
              field,
              value,
              location: location ?? 'body',
              issue,
              description,
            })),
          }
        : {}),
      links: [
        {
          href: `https://developer.paypal.com/docs/api/invoicing/v2/#error-${issue ?? name}`,
          rel: 'information_link',
          method: 'GET',
        },
      ],
    };
  }
}

export function sendPaypalError(reply: FastifyReply, error: PaypalError): FastifyReply {
  const body = error.body();
  return reply.code(error.status).header('paypal-debug-id', body.debug_id).send(body);
}

export const notFound = (id: string) =>
  new PaypalError(404, [
    {
      field: 'invoice_id',
      value: id,
      location: 'path',
      issue: 'INVALID_RESOURCE_ID',
      description: 'Requested resource ID was not found.',
    },
  ]);

export const unprocessable = (issue: string, description: string, field?: string) =>
  new PaypalError(422, [{ ...(field ? { field } : {}), issue, description }]);
