import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REFUSAL_LOG_WINDOW_MS, RefusalLog } from './refusal-log';

function recordingLogger() {
  const lines: { level: string; fields: Record<string, unknown>; message: string }[] = [];
  const at = (level: string) => (fields: Record<string, unknown>, message: string) =>
    lines.push({ level, fields, message });
  return {
    lines,
    log: { info: at('info'), warn: at('warn'), error: at('error') } as unknown as FastifyBaseLogger,
  };
}

/** The refusal the tests repeat: a request without a bearer token. */
const noteMissingBearer = (refusals: RefusalLog, log: FastifyBaseLogger) =>
  refusals.note(
    'auth:missing-bearer',
    log,
    'error',
    { auth: 'missing-bearer' },
    'authentication failed',
  );

describe('the refusal log', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('writes the first refusal of a kind, then one summary with the count when the minute ends', () => {
    const { lines, log } = recordingLogger();
    const refusals = new RefusalLog(log);
    for (let index = 0; index < 1000; index += 1) {
      noteMissingBearer(refusals, log);
      refusals.note('access:GET /x 429', log, 'info', { statusCode: 429 }, 'request completed');
    }
    expect(lines).toHaveLength(2);
    vi.advanceTimersByTime(REFUSAL_LOG_WINDOW_MS);
    expect(lines).toHaveLength(4);
    expect(lines[2]).toMatchObject({
      level: 'error',
      fields: { auth: 'missing-bearer', refusals: 999 },
    });
    // A new minute starts with a line of its own again; a lone refusal needs no summary.
    noteMissingBearer(refusals, log);
    vi.advanceTimersByTime(REFUSAL_LOG_WINDOW_MS);
    expect(lines).toHaveLength(5);
  });

  it('writes pending summaries on close', () => {
    const { lines, log } = recordingLogger();
    const refusals = new RefusalLog(log);
    refusals.note('k', log, 'warn', {}, 'refused');
    refusals.note('k', log, 'warn', {}, 'refused');
    refusals.close();
    expect(lines.map((line) => line.fields.refusals)).toEqual([undefined, 1]);
  });
});
