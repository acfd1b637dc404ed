/**
 * Serves the built web app from the same origin as the API: hashed assets
 * with a long cache life, and index.html (with the public configuration
 * embedded) for every other page path, so client-side routes survive a
 * reload. API paths that match no route get a JSON 404 instead.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  apiRoutes,
  publicConfigSchema,
  PUBLIC_CONFIG_ELEMENT_ID,
  type ApiError,
  type PublicConfig,
} from '@wifi7/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export interface SiteOptions {
  webDistDir: string;
  publicConfig: PublicConfig;
}

export const siteRoutes: FastifyPluginAsyncZod<SiteOptions> = async (app, options) => {
  const { webDistDir, publicConfig } = options;

  app.get(
    apiRoutes.publicConfig,
    { config: { access: 'public' }, schema: { response: { 200: publicConfigSchema } } },
    async () => publicConfig,
  );

  const indexFile = path.join(webDistDir, 'index.html');
  const indexHtml = fs.existsSync(indexFile)
    ? embedConfig(fs.readFileSync(indexFile, 'utf8'), publicConfig)
    : undefined;
  if (!indexHtml) {
    app.log.warn({ webDistDir }, 'web app is not built; serving the API only');
  } else {
    await app.register(fastifyStatic, {
      root: webDistDir,
      index: false,
      wildcard: false,
      // Serve the build's .br / .gz siblings to browsers that accept them.
      preCompressed: true,
      // The build keeps source maps for error reports; they are never public.
      allowedPath: (pathName) => !pathName.endsWith('.map'),
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }

  const sendIndex = (reply: FastifyReply) =>
    reply
      .code(200)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(indexHtml);

  if (indexHtml) app.get('/', async (_request, reply) => sendIndex(reply));

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const isPage =
      indexHtml !== undefined &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      !path.extname(request.url.split('?')[0] ?? '');
    if (isPage) return sendIndex(reply);
    return reply.code(404).send({
      statusCode: 404,
      error: 'Not Found',
      message: `Nothing at ${request.method} ${request.url.split('?')[0]}`,
    } satisfies ApiError);
  });
};

/** Puts the public configuration into the page as inert JSON (never executed). */
export function embedConfig(html: string, config: PublicConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  const tag = `<script id="${PUBLIC_CONFIG_ELEMENT_ID}" type="application/json">${json}</script>`;
  if (!html.includes('</head>')) throw new Error('index.html has no </head>');
  return html.replace('</head>', `${tag}</head>`);
}
