/**
 * Whether the database still writes, as readiness reports it. A full disk
 * leaves reads working, so readiness asked only for reads would keep
 * sending buyers to an instance whose every order fails. The probe (a
 * committed row, and a page synced to a PGlite folder's disk) runs at most
 * once every WRITE_CHECK_EVERY_MS in an instance, concurrent readiness
 * calls sharing it, so a load balancer polling often costs no more.
 */
import type { FastifyBaseLogger } from 'fastify';
import { withTimeout } from '../../lib/with-timeout';

const WRITE_CHECK_EVERY_MS = 5000;
/** As long as readiness waits for the database's answer. */
const WRITE_CHECK_TIMEOUT_MS = 3000;

export type WriteState = 'ok' | 'failing';

export function cachedWriteCheck(
  probeWrites: () => Promise<void>,
  log: FastifyBaseLogger,
): () => Promise<WriteState> {
  let last: { at: number; state: Promise<WriteState> } | undefined;
  return () => {
    if (last && Date.now() - last.at < WRITE_CHECK_EVERY_MS) return last.state;
    const state = withTimeout(probeWrites(), WRITE_CHECK_TIMEOUT_MS).then(
      () => 'ok' as const,
      (error: unknown) => {
        log.warn({ err: error }, 'readiness: the database cannot write');
        return 'failing' as const;
      },
    );
    last = { at: Date.now(), state };
    return state;
  };
}
