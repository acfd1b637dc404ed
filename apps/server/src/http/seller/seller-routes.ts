/** Routes for sellers only: each declares access 'seller', checked before the body is read. */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { requireIdentity } from '../plugins/authentication';

const seller = (request: FastifyRequest) => requireIdentity(request).email;
const access = { access: 'seller' } as const;

type App = Parameters<FastifyPluginAsyncZod>[0];

/**
 * The shapes most of the back office's routes have: read an answer that
 * needs nothing from the request, create one thing (201), change one thing
 * named in the path (200), set a one-of-a-kind setting (200). Each hands the service the seller's address and
 * the request as the contract parsed it.
 */
export function sellerRoutesOn(app: App) {
  return {
    read(url: string, response: z.core.$ZodType, read: () => Promise<unknown>) {
      app.route({
        method: 'GET',
        url,
        schema: { response: { 200: response } },
        config: access,
        handler: read,
      });
    },
    create<Body extends z.core.$ZodType>(route: {
      url: string;
      body: Body;
      response: z.core.$ZodType;
      create: (sellerEmail: string, body: z.output<Body>) => Promise<unknown>;
    }) {
      app.route({
        method: 'POST',
        url: route.url,
        schema: { body: route.body, response: { 201: route.response } },
        config: access,
        handler: async (request, reply) => {
          const created = await route.create(seller(request), request.body as z.output<Body>);
          return reply.code(201).send(created);
        },
      });
    },
    change<Params extends z.core.$ZodType, Body extends z.core.$ZodType>(route: {
      url: string;
      params: Params;
      body: Body;
      response: z.core.$ZodType;
      change: (
        sellerEmail: string,
        params: z.output<Params>,
        body: z.output<Body>,
      ) => Promise<unknown>;
    }) {
      app.route({
        method: 'PUT',
        url: route.url,
        schema: { params: route.params, body: route.body, response: { 200: route.response } },
        config: access,
        handler: async (request) =>
          route.change(
            seller(request),
            request.params as z.output<Params>,
            request.body as z.output<Body>,
          ),
      });
    },
    /** Sets a setting the back office has one of (nothing named in the path): 200. */
    set<Body extends z.core.$ZodType>(route: {
      url: string;
      body: Body;
      response: z.core.$ZodType;
      set: (sellerEmail: string, body: z.output<Body>) => Promise<unknown>;
    }) {
      app.route({
        method: 'PUT',
        url: route.url,
        schema: { body: route.body, response: { 200: route.response } },
        config: access,
        handler: async (request) => route.set(seller(request), request.body as z.output<Body>),
      });
    },
  };
}
