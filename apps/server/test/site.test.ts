import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  apiRoutes,
  PUBLIC_CONFIG_ELEMENT_ID,
  publicConfigSchema,
  WEB_BUILD_HEADER,
} from '@wifi7/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testConfig } from './support/app';
import { createTestDatabase, type TestDatabase } from './support/databases';

const WEB_BUILD = '0b6c2f4e-1d7a-4c55-9a61-3f0e8d2b7c19';

describe('serving the web app', () => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let dist: string;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><title>t</title></head><body><div id="root"></div></body></html>',
    );
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    fs.writeFileSync(
      path.join(dist, 'assets', 'app-abc123.js.br'),
      brotliCompressSync('console.log(1)'),
    );
    fs.writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *');
    fs.mkdirSync(path.join(dist, 'prerendered'));
    fs.writeFileSync(
      path.join(dist, 'prerendered', 'login.html'),
      '<!doctype html><html><head><title>Login</title></head><body><div id="root">' +
        '<a href="https://config.invalid/companySiteUrl">Logo</a><h1>Sign in to enroll</h1>' +
        '</div></body></html>',
    );
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js.map'), '{"version":3}');
    fs.writeFileSync(path.join(dist, 'build-id'), `${WEB_BUILD}\n`);
    database = await createTestDatabase('pglite');
    app = await buildTestApp(database.handle, { config: testConfig({ WEB_DIST_DIR: dist }) });
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const embeddedConfig = (html: string) => {
    const match = new RegExp(
      `<script id="${PUBLIC_CONFIG_ELEMENT_ID}" type="application/json">(.*?)</script>`,
    ).exec(html);
    return publicConfigSchema.parse(JSON.parse(match?.[1] ?? 'null'));
  };

  it('names the web build it serves on every answer, so the app of that build trusts them', async () => {
    for (const url of [apiRoutes.schedule, apiRoutes.healthLive, '/wifi7-workshop', '/nowhere']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers[WEB_BUILD_HEADER], url).toBe(WEB_BUILD);
    }
    const refused = await app.inject({
      method: 'POST',
      url: apiRoutes.pricing,
      headers: { 'content-type': 'application/json' },
      payload: '{"not":"a pricing request"}',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers[WEB_BUILD_HEADER]).toBe(WEB_BUILD);
  });

  it('names no build when the web app has none', async () => {
    const bare = await buildTestApp(database.handle, {
      config: testConfig({ WEB_DIST_DIR: path.join(dist, 'missing') }),
    });
    try {
      const response = await bare.inject({ method: 'GET', url: apiRoutes.healthLive });
      expect(response.headers[WEB_BUILD_HEADER]).toBeUndefined();
    } finally {
      await bare.close();
    }
  });

  it('never serves the source maps the build keeps for error reports', async () => {
    const response = await app.inject({ url: '/assets/app-abc123.js.map' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('version');
    expect((await app.inject({ url: '/assets/app-abc123.js' })).statusCode).toBe(200);
  });

  it.each(['/', '/login', '/wifi7-workshop', '/checkout/zoho', '/no/such/page'])(
    'answers %s with the app page and its public configuration',
    async (url) => {
      const response = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      const config = embeddedConfig(response.body);
      expect(config.firebase.projectId).toBe('demo-wifi7-workshop');
      expect(config.companySiteUrl).toBe('https://company.example.com');
    },
  );

  it('answers a prerendered page with its HTML, the configured addresses put in', async () => {
    for (const url of ['/login', '/login?from=menu']) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<h1>Sign in to enroll</h1>');
      expect(response.body).toContain('<a href="https://company.example.com">Logo</a>');
      expect(response.body).not.toContain('config.invalid');
      expect(embeddedConfig(response.body).companySiteUrl).toBe('https://company.example.com');
    }
    // A page that is not prerendered (here the workshop page) gets index.html.
    const other = await app.inject({ url: '/wifi7-workshop' });
    expect(other.body).toContain('<div id="root"></div>');
  });

  it.each(['/LOGIN', '/Login', '/login/', '/LOGIN/?from=menu', '/Wifi7-Workshop', '/checkout/'])(
    'answers %s, a variant of a route (another path for the app), with the plain app page',
    async (url) => {
      // The app sends it to the workshop page; the login page's HTML must not paint first.
      const response = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root"></div>');
      expect(response.body).not.toContain('Sign in to enroll');
      expect(embeddedConfig(response.body).companySiteUrl).toBe('https://company.example.com');
    },
  );

  it('sends pages compressed as the browser accepts, and the same page either way', async () => {
    const plain = await app.inject({ url: '/login' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    const brotli = await app.inject({ url: '/login', headers: { 'accept-encoding': 'gzip, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    const gzip = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip;q=1, br;q=0' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('<div id="root"></div>');
    const refused = await app.inject({ url: '/login', headers: { 'accept-encoding': 'zstd' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);
  });

  it('serves prerendered files only at their pages, with their configuration', async () => {
    const response = await app.inject({ url: '/prerendered/login.html' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('Sign in to enroll');
  });

  it('embeds nothing secret', async () => {
    const response = await app.inject({ url: '/login' });
    expect(response.body).not.toContain('integration-test-secret');
  });

  it('serves hashed assets with a long cache life', async () => {
    const response = await app.inject({ url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
    expect((await app.inject({ url: '/robots.txt' })).statusCode).toBe(200);
  });

  it("sends the build's brotli copy to browsers that accept it", async () => {
    const response = await app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe('console.log(1)');
  });

  it('answers unknown API paths and missing files with a JSON 404', async () => {
    for (const url of ['/api/nothing-here', '/assets/missing.js']) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
    }
  });

  it('sends security headers', async () => {
    const response = await app.inject({ url: '/login' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain('http://localhost:4100'); // the geolocation service
  });

  it('answers the public configuration as JSON too', async () => {
    const response = await app.inject({ url: apiRoutes.publicConfig });
    expect(publicConfigSchema.parse(response.json()).siteBaseUrl).toBe('http://localhost:3100');
  });

  it('reports healthy when the database answers', async () => {
    const response = await app.inject({ url: apiRoutes.health });
    expect(response.json()).toEqual({ status: 'ok' });
  });
});
