/**
 * Names the web build this server serves (the `build-id` the web build
 * writes) on every answer, in WEB_BUILD_HEADER. The web app of that same
 * build takes such answers as they are: this server wrote them from the
 * same contract, through the response schemas. An app of another build, a
 * tab left open across a release, checks them against its own contract.
 */
import fs from 'node:fs';
import path from 'node:path';
import { WEB_BUILD_HEADER } from '@wifi7/contract';
import type { FastifyInstance } from 'fastify';

/** The name of the web build in `webDistDir`, if it is built. */
export function readWebBuild(webDistDir: string): string | undefined {
  const file = path.join(webDistDir, 'build-id');
  if (!fs.existsSync(file)) return undefined;
  const name = fs.readFileSync(file, 'utf8').trim();
  return /^[0-9a-f-]{36}$/.test(name) ? name : undefined;
}

/** Adds the header to every answer of `app` (nothing when no web build is there). */
export function nameWebBuild(app: FastifyInstance, webBuild: string | undefined): void {
  if (!webBuild) return;
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header(WEB_BUILD_HEADER, webBuild);
    done();
  });
}
