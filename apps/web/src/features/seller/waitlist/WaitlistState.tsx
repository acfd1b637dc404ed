import type { WaitlistState } from '@wifi7/contract';
import { Badge, type BadgeTone } from '../ui/Panel';
import { WAITLIST_STATE_LABELS } from '../shell/waitlist-words';

const TONES: Record<WaitlistState, BadgeTone> = {
  waiting: 'sky',
  offered: 'amber',
  converted: 'green',
  expired: 'slate',
  left: 'slate',
  removed: 'red',
};

export function WaitlistStateBadge({ state }: { state: WaitlistState }) {
  return <Badge tone={TONES[state]}>{WAITLIST_STATE_LABELS[state]}</Badge>;
}
