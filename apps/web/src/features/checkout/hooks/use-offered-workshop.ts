import type { Workshop } from '@wifi7/contract';
import { useEffect, useState } from 'react';
import { errorName } from '../../../lib/error-name';
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
