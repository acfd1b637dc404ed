/** Placeholder pages for the external sites the product links to. */
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

  app.get('/portal', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(
      page(
        'Courses portal',
        html`<h1>Courses portal</h1>
          <p class="muted">
            Paid students sign in on the separate courses portal (COURSES_PORTAL_URL) and find the
            workshop under “My Courses”. Locally it lands here.
          </p>`,
      ),
    ),
  );
};
