import { WEB_BUILD_HEADER } from '@wifi7/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeTransport, type RecordedRequest, type Reply } from '../testing/fake-api';
import type * as ApiClient from './api-client';

type ApiClientModule = typeof ApiClient;

// Each test gets a fresh module, so "not created yet" can be observed.
let api: ApiClientModule;
beforeEach(async () => {
  vi.resetModules();
  api = await import('./api-client');
});

function clientAnswering(reply: Reply | ((request: RecordedRequest) => Reply)) {
  const log: RecordedRequest[] = [];
  const client = api.createApiClient('https://api.example.com');
  client.transport = fakeTransport(typeof reply === 'function' ? reply : () => reply, log);
  return { client, log };
}

describe('the shared client', () => {
  it('refuses to be used before it is created', () => {
    expect(() => api.getApiClient()).toThrow(new Error('Axios instance not initialized!'));
  });

  it('is created with the base address, JSON headers, no time-out and 2xx success', () => {
    const client = api.createApiClient('https://api.example.com');
    expect(api.getApiClient()).toBe(client);
    expect(client.baseURL).toBe('https://api.example.com');
    expect(client.timeout).toBe(0);
    const validate = client.validateStatus;
    expect([200, 204, 299].map(validate)).toEqual([true, true, true]);
    expect([199, 300, 401, 500].map(validate)).toEqual([false, false, false, false]);
  });

  it('sends JSON to the base address with JSON headers', async () => {
    const seen: { url: string; init: RequestInit }[] = [];
    const client = api.createApiClient('https://api.example.com/');
    client.transport = async (url, init) => {
      seen.push({ url, init });
      return new Response('{"ok":true}', { status: 200 });
    };
    await expect(
      api.sendRequest({ method: 'post', url: '/api/x', data: { a: 1 } }),
    ).resolves.toEqual({ ok: true });
    expect(seen[0]!.url).toBe('https://api.example.com/api/x');
    expect(seen[0]!.init).toMatchObject({
      method: 'POST',
      body: '{"a":1}',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    });
  });

  it('uses the page origin when no base address is configured, and adds query values', async () => {
    const seen: string[] = [];
    const client = api.createApiClient('');
    client.transport = async (url) => {
      seen.push(url);
      return new Response(null, { status: 204 });
    };
    await api.sendRequest({ url: '/api/y', params: { page: 2, q: 'a b' } });
    expect(seen).toEqual(['/api/y?page=2&q=a+b']);
  });

  it('sends no content type without a body, and keeps a non-JSON reply as text', async () => {
    let init: RequestInit | undefined;
    const client = api.createApiClient('');
    client.transport = async (_url, given) => {
      init = given;
      return new Response('<html>bad gateway</html>', { status: 502 });
    };
    const error = await api.getJson('/api/z').catch((e: unknown) => e);
    expect(init!.headers).not.toHaveProperty('Content-Type');
    expect(error).toBeInstanceOf(api.RequestFailedError);
    expect((error as Error).message).toBe('Request failed with status 502');
  });
});

describe('generic helpers', () => {
  it('POSTs JSON and reads the reply as text', async () => {
    const { log } = clientAnswering({ status: 200, data: '{"not":"parsed"}' });
    await expect(api.postJsonForText('/api/anything', { a: 1 })).resolves.toBe('{"not":"parsed"}');
    expect(log[0]).toMatchObject({ method: 'POST', url: '/api/anything', body: { a: 1 } });
  });

  it('GETs JSON and validates it with a schema when given one', async () => {
    clientAnswering({ status: 200, data: { value: 42 } });
    const schema = {
      parse: (data: unknown) => {
        const value = (data as { value?: unknown }).value;
        if (typeof value !== 'number') throw new Error('bad reply');
        return { value };
      },
    };
    await expect(api.getJson('/api/thing', schema)).resolves.toEqual({ value: 42 });

    clientAnswering({ status: 200, data: { value: 'forty-two' } });
    await expect(api.getJson('/api/thing', schema)).rejects.toThrow('bad reply');
  });

  describe('a check loaded on demand', () => {
    const valueSchema = {
      parse: (data: unknown) => {
        const value = (data as { value?: unknown }).value;
        if (typeof value !== 'number') throw new Error('bad reply');
        return { value };
      },
    };

    async function clientOfBuild(build: string, reply: Reply) {
      vi.stubEnv('VITE_WEB_BUILD', build);
      vi.resetModules();
      api = await import('./api-client');
      clientAnswering(reply);
      const loads: string[] = [];
      const check = async () => {
        loads.push('schema');
        return valueSchema;
      };
      return { loads, check };
    }

    afterEach(() => {
      vi.unstubAllEnvs();
    });

    it('is skipped for an answer of a server of this very build', async () => {
      const { loads, check } = await clientOfBuild('build-a', {
        status: 200,
        data: { value: 'as the server wrote it' },
        headers: { [WEB_BUILD_HEADER]: 'build-a' },
      });
      await expect(api.getJson('/api/thing', check)).resolves.toEqual({
        value: 'as the server wrote it',
      });
      expect(loads).toEqual([]);
    });

    it('is loaded and applied for an answer of another build', async () => {
      const { loads, check } = await clientOfBuild('build-a', {
        status: 200,
        data: { value: 'forty-two' },
        headers: { [WEB_BUILD_HEADER]: 'build-b' },
      });
      await expect(api.getJson('/api/thing', check)).rejects.toThrow('bad reply');
      expect(loads).toEqual(['schema']);
    });

    it('is applied when the server names no build', async () => {
      const { loads, check } = await clientOfBuild('build-a', {
        status: 200,
        data: { value: 42 },
      });
      await expect(api.getJson('/api/thing', check)).resolves.toEqual({ value: 42 });
      expect(loads).toEqual(['schema']);
    });

    it('is always applied in a build without a name (development)', async () => {
      const { loads, check } = await clientOfBuild('', {
        status: 200,
        data: { value: 'forty-two' },
        headers: { [WEB_BUILD_HEADER]: '' },
      });
      await expect(api.getJson('/api/thing', check)).rejects.toThrow('bad reply');
      expect(loads).toEqual(['schema']);
    });
  });

  it('returns blobs for downloads', async () => {
    const file = new Blob(['pdf bytes'], { type: 'application/pdf' });
    const { log } = clientAnswering({ status: 200, data: file });
    await expect(api.getBlob('/api/certificate')).resolves.toBe(file);
    await expect(api.postJsonForBlob('/api/report', { id: 1 })).resolves.toBe(file);
    expect(log.map((r) => r.method)).toEqual(['GET', 'POST']);
  });

  it.each([
    ['postJsonForText', () => api.postJsonForText('/x', {})],
    ['getJson', () => api.getJson('/x')],
    ['getBlob', () => api.getBlob('/x')],
    ['postJsonForBlob', () => api.postJsonForBlob('/x', {})],
  ])('%s throws "Request failed with status {status}" outside 2xx', async (_name, call) => {
    clientAnswering({ status: 404, data: 'nope' });
    await expect(call()).rejects.toThrow('Request failed with status 404');
    await expect(call()).rejects.toBeInstanceOf(Error);
    clientAnswering({ status: 503, data: '' });
    await expect(call()).rejects.toThrow('Request failed with status 503');
    clientAnswering({ status: 302, data: '' });
    await expect(call()).rejects.toThrow('Request failed with status 302');
  });

  it('keeps the status on the error for callers that branch on it', async () => {
    clientAnswering({ status: 409, data: '' });
    const error = await api.getJson('/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(api.RequestFailedError);
    expect((error as InstanceType<ApiClientModule['RequestFailedError']>).status).toBe(409);
  });
});
