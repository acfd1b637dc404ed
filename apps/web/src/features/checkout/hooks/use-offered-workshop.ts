import type { Workshop } from '@wifi7/contract';
import { useEffect, useState } from 'react';
import { remoteLog } from '../../../lib/remote-log';
import { fetchOfferedWorkshop } from '../api/workshop';

export type OfferedWorkshopState =
  { status: 'loading' } | { status: 'ready'; workshop: Workshop | null } | { status: 'failed' };

/**
 * The offered workshop with its batches. A failure is not shown to the
 * buyer: the cart then simply shows no timing and no "change batch" link.
 */
export function useOfferedWorkshop(): OfferedWorkshopState {
  const [state, setState] = useState<OfferedWorkshopState>({ status: 'loading' });

  useEffect(() => {
    let active = true;
    fetchOfferedWorkshop().then(
      (workshop) => active && setState({ status: 'ready', workshop }),
      (error: unknown) => {
        void remoteLog.warning(`checkout: workshop list failed (${errorName(error)})`);
        if (active) setState({ status: 'failed' });
      },
    );
    return () => {
      active = false;
    };
  }, []);

  return state;
}

export function errorName(error: unknown): string {
  if (error && typeof error === 'object' && 'status' in error) {
    return `status ${String((error as { status: unknown }).status)}`;
  }
  return error instanceof Error ? error.name : 'unknown error';
}
