/**
 * The back office's API: every route under /api/seller/ declares access
 * 'seller' (the authentication plugin refuses to start otherwise), so the
 * role is checked on the server from the verified token before anything is
 * read. Each section registers its own routes here.
 */
import { auditPageSchema, auditQuerySchema, sellerApiRoutes } from '@wifi7/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { sellerContentRoutes } from './content/routes';
import { listSellerActions } from '../../core/audit';
import { sellerOrdersSection } from './orders/routes';
import { sellerCatalogRoutesPlugin } from './catalog/routes';
import { sellerWaitlistRoutesPlugin } from './waitlist/routes';
import { sellerMailRoutesPlugin, type SellerMailOptions } from './mail/routes';

export const sellerRoutes: FastifyPluginAsyncZod<{
  db: Database;
  mail: SellerMailOptions;
}> = async (app, { db, mail }) => {
  app.addHook('onSend', async (_request, reply) => {
    // Nothing a seller sees is for a shared cache.
    reply.header('cache-control', 'no-store');
  });

  app.route({
    method: 'GET',
    url: sellerApiRoutes.audit,
    schema: { querystring: auditQuerySchema, response: { 200: auditPageSchema } },
    config: { access: 'seller' },
    handler: async (request) => listSellerActions(db, request.query),
  });

  await app.register(sellerContentRoutes, { db });
  await app.register(sellerOrdersSection, { db });
  await app.register(sellerCatalogRoutesPlugin, { db });
  await app.register(sellerWaitlistRoutesPlugin, { db });
  await app.register(sellerMailRoutesPlugin, mail);
};
