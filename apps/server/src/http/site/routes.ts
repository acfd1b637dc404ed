/**
 * Serves the built web app from the same origin as the API: hashed assets
 * with a long cache life, and index.html (with the public configuration
 * embedded) for every other page path, so client-side routes survive a
 * reload. API paths that match no route get a JSON 404 instead.
 *
 * The workshop page's content (which sellers edit) is embedded per request
 * too: the page paints complete, with no second round trip and nothing
 * shifting when it arrives, and an edit shows on the next page load.
 *
 * The workshop and login pages are prerendered by the web build
 * (`prerendered/<page>.html`: index.html with the page's HTML in it); they
 * are answered with that file, so they paint before any script runs. Pages
 * go out compressed (see page-compression.ts), as the build's assets do.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  apiRoutes,
  publicConfigSchema,
  PUBLIC_CONFIG_ELEMENT_ID,
  WORKSHOP_CONTENT_ELEMENT_ID,
  type PublicConfig,
  type WorkshopContent,
} from '@wifi7/contract';
import escapeHtml from 'escape-html';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '../../lib/http-error';
import { pageCompressor } from './page-compression';

export interface SiteOptions {
  webDistDir: string;
  publicConfig: PublicConfig;
  /** The workshop page's content as it is now; null when there is none to show. */
  workshopContent: () => Promise<WorkshopContent | null>;
}

export const siteRoutes: FastifyPluginAsyncZod<SiteOptions> = async (app, options) => {
  const { webDistDir, publicConfig, workshopContent } = options;
  // Checked once here: the pages carry it as it is, and the app takes it so.
  publicConfigSchema.parse(publicConfig);

  app.get(
    apiRoutes.publicConfig,
    { config: { access: 'public' }, schema: { response: { 200: publicConfigSchema } } },
    async () => publicConfig,
  );

  const indexFile = path.join(webDistDir, 'index.html');
  const indexHtml = fs.existsSync(indexFile)
    ? embedJson(fs.readFileSync(indexFile, 'utf8'), PUBLIC_CONFIG_ELEMENT_ID, publicConfig)
    : undefined;
  const prerendered = new Map<string, string>();
  for (const [pagePath, file] of Object.entries(PRERENDERED_PAGES)) {
    const pageFile = path.join(webDistDir, 'prerendered', file);
    if (!fs.existsSync(pageFile)) continue;
    const page = fillConfigMarkers(fs.readFileSync(pageFile, 'utf8'), publicConfig);
    prerendered.set(pagePath, embedJson(page, PUBLIC_CONFIG_ELEMENT_ID, publicConfig));
  }
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
      // Prerendered pages are sent only with their configuration, at their routes.
      allowedPath: (pathName) =>
        !pathName.endsWith('.map') && !pathName.startsWith('/prerendered/'),
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }

  const compressedPage = pageCompressor();
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const page = prerendered.get(request.url.split('?')[0] ?? '') ?? indexHtml!;
    let content: WorkshopContent | null = null;
    try {
      content = await workshopContent();
    } catch (error) {
      // The page still works without it: the app asks the API for the content itself.
      request.log.warn({ err: error }, 'page content unavailable; serving the page without it');
    }
    const html = content ? embedJson(page, WORKSHOP_CONTENT_ELEMENT_ID, content) : page;
    const { body, encoding } = await compressedPage(html, request.headers['accept-encoding']);
    if (encoding) reply.header('content-encoding', encoding);
    return reply
      .code(200)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .send(body);
  };

  if (indexHtml) app.get('/', sendIndex);

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const isPage =
      indexHtml !== undefined &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      !path.extname(request.url.split('?')[0] ?? '');
    if (isPage) return sendIndex(request, reply);
    return reply
      .code(404)
      .send(errorBody(404, `Nothing at ${request.method} ${request.url.split('?')[0]}`));
  });
};

/** The pages the web build prerenders, by path, and their files under `prerendered/`. */
const PRERENDERED_PAGES: Readonly<Record<string, string>> = {
  '/wifi7-workshop': 'wifi7-workshop.html',
  '/login': 'login.html',
};

/**
 * Where a prerendered page needs a configured address (the company logo's
 * link), the build writes `https://config.invalid/<field>`; this puts in the
 * deployment's value, escaped as the page's HTML needs.
 */
export function fillConfigMarkers(html: string, config: PublicConfig): string {
  return html.replace(/https:\/\/config\.invalid\/(\w+)/g, (marker, field: string) => {
    const value = (config as unknown as Record<string, unknown>)[field];
    return typeof value === 'string' ? escapeHtml(value) : marker;
  });
}

/**
 * Puts a value into the page's head as inert JSON (never executed). Every
 * `<` is escaped, so no text in the value can close the element.
 */
function embedJson(html: string, id: string, value: unknown): string {
  const json = JSON.stringify(value).replace(/</g, '\\u003c');
  const tag = `<script id="${id}" type="application/json">${json}</script>`;
  if (!html.includes('</head>')) throw new Error('index.html has no </head>');
  return html.replace('</head>', () => `${tag}</head>`);
}
