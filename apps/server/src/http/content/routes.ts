/**
 * The public side of the page content: the workshop page's sections as JSON
 * (for a page not served with them embedded, see http/site), and the
 * uploaded images. Both are public and cacheable; an image's address is the
 * hash of its bytes, so it is cached for good.
 */
import { createHash } from 'node:crypto';
import { contentApiRoutes, contentImageParamsSchema, workshopContentSchema } from '@wifi7/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { findImage } from '../../content/images';
import { readWorkshopContent } from '../../content/repository';

/** Long enough to spare the database a burst of visitors, short enough for an edit to show soon. */
const CONTENT_MAX_AGE_SECONDS = 60;

export const contentRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    contentApiRoutes.workshopContent,
    {
      config: { access: 'public', rateLimit: { max: 120, timeWindow: '1 minute' } },
      // 304: the copy the browser or a shared cache holds is still the content.
      schema: { response: { 200: workshopContentSchema, 304: z.null() } },
    },
    async (request, reply) => {
      const content = await readWorkshopContent(db);
      if (!content) throw new HttpError(503, 'The page content is not available just now.');
      const etag = `"${createHash('sha256').update(JSON.stringify(content)).digest('base64url').slice(0, 27)}"`;
      reply
        .header('cache-control', `public, max-age=${CONTENT_MAX_AGE_SECONDS}`)
        .header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send(null);
      return content;
    },
  );

  app.get(
    contentApiRoutes.image,
    {
      // A page shows two dozen photos at most, each cached for good once fetched.
      config: { access: 'public', rateLimit: { max: 600, timeWindow: '1 minute' } },
      schema: { params: contentImageParamsSchema },
    },
    async (request, reply) => {
      const image = await findImage(db, request.params.id);
      if (!image) throw new HttpError(404, 'No such image.');
      return reply
        .header('content-type', image.contentType)
        .header('content-length', image.bytes.length)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('content-disposition', 'inline')
        .send(image.bytes);
    },
  );
};
