/**
 * The back office's page content: read every section, replace one whole
 * (from the version the seller edited), and upload images. Registered under
 * the seller routes, so every call is for sellers only, checked before the
 * body is read.
 */
import {
  CONTENT_SECTIONS,
  contentSectionUpdateSchemas,
  MAX_IMAGE_BYTES,
  savedSectionSchemas,
  sellerContentResponseSchema,
  sellerContentApiRoutes,
  uploadedImageSchema,
  type WorkshopContent,
} from '@wifi7/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../../db/client';
import { HttpError } from '../../../lib/http-error';
import { requireIdentity } from '../../plugins/authentication';
import { sellerRoutesOn } from '../seller-routes';
import { storeImage } from '../../../content/images';
import { readSavedContent, saveSection } from '../../../content/repository';

const tooLarge = () =>
  new HttpError(413, `The image is larger than ${MAX_IMAGE_BYTES / (1024 * 1024)} MB.`);

export const sellerContentRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  sellerRoutesOn(app).read(sellerContentApiRoutes.content, sellerContentResponseSchema, () =>
    readSavedContent(db),
  );

  for (const section of CONTENT_SECTIONS) {
    app.put(
      sellerContentApiRoutes[section],
      {
        config: { access: 'seller' },
        schema: {
          body: contentSectionUpdateSchemas[section],
          response: { 200: savedSectionSchemas[section] },
        },
      },
      async (request) => {
        const { version, value } = request.body as {
          version: string;
          value: WorkshopContent[typeof section];
        };
        return saveSection(db, {
          section,
          value,
          version,
          sellerEmail: requireIdentity(request).email,
        });
      },
    );
  }

  // The image upload takes the bytes as they are, whatever the declared type:
  // the type is read from the bytes themselves.
  await app.register(async (uploads) => {
    uploads.removeAllContentTypeParsers();
    uploads.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: MAX_IMAGE_BYTES },
      (_request, body, done) => done(null, body),
    );
    uploads.post(
      sellerContentApiRoutes.images,
      {
        config: { access: 'seller' },
        bodyLimit: MAX_IMAGE_BYTES,
        // After the seller check (onRequest), before a byte of the body is read.
        preParsing: async (request: FastifyRequest, _reply: FastifyReply) => {
          const declared = Number(request.headers['content-length']);
          if (declared > MAX_IMAGE_BYTES) throw tooLarge();
        },
        schema: { response: { 201: uploadedImageSchema } },
      },
      async (request, reply) => {
        const bytes = request.body;
        if (!Buffer.isBuffer(bytes) || bytes.length === 0) {
          throw new HttpError(400, 'Send the image as the request body.');
        }
        const image = await storeImage(db, bytes, requireIdentity(request).email);
        return reply.code(201).send(image);
      },
    );
  });
};
