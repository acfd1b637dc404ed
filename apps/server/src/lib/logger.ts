/**
 * Logger settings shared by the server and its jobs. Log lines carry ids and
 * states, never secrets or personal data: auth headers are redacted and
 * e-mail addresses in request paths are masked.
 */
import type { FastifyServerOptions } from 'fastify';

const EMAIL_IN_TEXT = /[^/@\s?&=]+(@|%40)[^/\s?&=]+/g;

export function maskEmails(text: string): string {
  if (!text.includes('@') && !text.includes('%40')) return text;
  return text.replace(EMAIL_IN_TEXT, '[email]');
}

export function loggerOptions(config: {
  logLevel: string;
  logPretty: boolean;
}): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers["x-log-token"]',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(request: { method: string; url: string; ip?: string; id?: string }) {
        return { id: request.id, method: request.method, url: maskEmails(request.url) };
      },
    },
    ...(config.logPretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
}
