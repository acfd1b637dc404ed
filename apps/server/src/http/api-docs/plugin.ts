/**
 * GET /api/docs: the API reference, an OpenAPI 3.1 document generated from
 * the routes' zod schemas (the same ones that validate requests), with a
 * viewer. Also the one call we make to the courses portal — the hand-off —
 * as an OpenAPI webhook, so the portal's developers find its payload,
 * signature and retries in the same place.
 *
 * Registered before the routes, so that it sees every one of them. Routes
 * outside /api (the web app's pages) and the operator's own are left out.
 */
import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  HANDOFF_HEADERS,
  handoffAcknowledgementSchema,
  handoffPayloadSchema,
  operatorRoutes,
} from '@wifi7/contract';
import fp from 'fastify-plugin';
import type { OpenAPIV3_1 } from 'openapi-types';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { retryDelaySeconds } from '../../core/jobs/queue';
import type { RouteAccess } from '../plugins/authentication';

const BEARER = 'firebaseIdToken';

/** Groups of the reference, by the start of a route's path. */
const TAGS: { prefix: string; name: string; description: string }[] = [
  { prefix: '/api/seller/', name: 'Back office', description: 'Sellers only (SELLER_EMAILS)' },
  {
    prefix: '/api/webhooks/',
    name: 'Provider webhooks',
    description: 'Called by PayPal and Zoho Payments; signed',
  },
  { prefix: '/api/health', name: 'Health', description: 'For load balancers and orchestrators' },
  { prefix: '/api/', name: 'Site', description: 'What the web app calls' },
];

const tagOf = (url: string) => TAGS.find((tag) => url.startsWith(tag.prefix))!.name;

const documented: SwaggerTransform = (input) => {
  const { schema, url } = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
  if (!url.startsWith('/api/') || url.startsWith(operatorRoutes.apiDocs)) {
    return { schema: { ...schema, hide: true }, url };
  }
  const access = (input.route.config as { access?: RouteAccess } | undefined)?.access;
  const signedIn = access === 'signed-in' || access === 'seller';
  return {
    schema: {
      ...schema,
      tags: [tagOf(url)],
      ...(signedIn ? { security: [{ [BEARER]: [] }] } : {}),
    },
    url,
  };
};

/**
 * A zod schema as OpenAPI 3.1's schema object: JSON Schema 2020-12, which
 * zod writes. (The OpenAPI typings model only a subset of it, hence the cast.)
 */
const jsonSchemaOf = (schema: z.core.$ZodType) =>
  z.toJSONSchema(schema) as unknown as OpenAPIV3_1.ReferenceObject;

function retrySchedule(): string {
  const pauses = [1, 2, 3, 4, 5, 6].map((attempt) => retryDelaySeconds(attempt));
  const words = pauses.map((seconds) =>
    seconds < 60 ? `${seconds} s` : seconds < 3600 ? `${seconds / 60} min` : `${seconds / 3600} h`,
  );
  return `${words.slice(0, -1).join(', ')}, then every ${words.at(-1)}`;
}

const handoffWebhook: OpenAPIV3_1.PathItemObject = {
  post: {
    summary: 'A paid student handed to the courses portal (or taken back, or moved)',
    description: [
      'The site POSTs this to `COURSES_PORTAL_WEBHOOK_URL` when an order is paid',
      '(`enrollment.created`), refunded (`enrollment.revoked`) or moved to another batch',
      '(`enrollment.moved`, with `movedFrom`).',
      '',
      `**Signature.** \`${HANDOFF_HEADERS.signature}: v1=<hex HMAC-SHA256(secret, timestamp + "." + body)>\`,`,
      `with \`${HANDOFF_HEADERS.timestamp}\` in Unix seconds and the secret`,
      '`COURSES_PORTAL_WEBHOOK_SECRET`. Check it over the exact bytes received, and refuse',
      'an old timestamp.',
      '',
      `**Once only.** \`${HANDOFF_HEADERS.id}\` (also the body's \`id\`) names the message:`,
      'ignore an id you have seen.',
      '',
      '**Acknowledge** with 2xx and the JSON body `{"received": true}`. Any other answer',
      `(a 2xx page from a proxy included) is retried: ${retrySchedule()}. One order's`,
      'messages arrive in the order they were written.',
    ].join('\n'),
    parameters: Object.values(HANDOFF_HEADERS).map((name) => ({
      in: 'header' as const,
      name,
      required: true,
      schema: { type: 'string' },
    })),
    requestBody: {
      required: true,
      content: { 'application/json': { schema: jsonSchemaOf(handoffPayloadSchema) } },
    },
    responses: {
      '200': {
        description: 'The portal has the student',
        content: {
          'application/json': { schema: jsonSchemaOf(handoffAcknowledgementSchema) },
        },
      },
    },
  },
};

export const apiDocs = fp<{ siteUrl: string; version: string }>(
  async (app, { siteUrl, version }) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Wi-Fi 7 Workshop API',
          version,
          description:
            'The API of the Wi-Fi 7 Workshop site. Signed-in calls carry a Firebase ID ' +
            'token of a proven e-mail address as a bearer token. Amounts are strings in ' +
            'major units with their currency. The courses-portal hand-off is under Webhooks.',
        },
        servers: [{ url: siteUrl }],
        // The buyer's calls first: what most readers come for.
        tags: [...TAGS.slice(-1), ...TAGS.slice(0, -1).reverse()].map(({ name, description }) => ({
          name,
          description,
        })),
        components: {
          securitySchemes: {
            [BEARER]: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'Firebase ID token (JWT) of a verified e-mail address',
            },
          },
        },
        webhooks: { courseHandoff: handoffWebhook },
      },
      transform: documented,
      transformObject: jsonSchemaTransformObject,
    });
    await app.register(swaggerUi, {
      routePrefix: operatorRoutes.apiDocs,
      uiConfig: { docExpansion: 'list', deepLinking: true },
      // The site's own Content-Security-Policy (script-src 'self') applies.
      staticCSP: false,
    });
  },
  { name: 'api-docs' },
);
