/**
 * Placeholder pages for the external sites the product links to. The courses
 * portal has a working stand-in of its own (portal/).
 */
import type { FastifyPluginAsync } from 'fastify';
import { html, page } from './html';

export const placeholderPages: FastifyPluginAsync = async (app) => {
  app.get('/company', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(
      page(
        'Company website',
        html`<h1>Company website</h1>
          <p class="muted">
            In production the logo links to the company's own website (COMPANY_SITE_URL). Locally it
            lands here.
          </p>`,
      ),
    ),
  );
};
