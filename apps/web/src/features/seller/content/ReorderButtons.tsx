/**
 * A list edited with buttons, so the keyboard does it all: each item moves
 * up or down or is removed (the focus follows: see list-focus.ts).
 */
import { ArrowDownIcon, ArrowUpIcon, TrashIcon } from '../ui/icons';
import { sellerButton } from '../ui/styles';

export function ReorderButtons({
  id,
  index,
  count,
  name,
  onMove,
  onRemove,
}: {
  /** The item's key: the ids of its move buttons start with it (see `focusAfterMove`). */
  id: string;
  index: number;
  count: number;
  /** Which item, in the buttons' names: "session 2". */
  name: string;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  return (
    <>
      <button
        id={`${id}-up`}
        type="button"
        disabled={index === 0}
        onClick={() => onMove(index - 1)}
        aria-label={`Move ${name} up`}
        className={sellerButton.icon}
      >
        <ArrowUpIcon />
      </button>
      <button
        id={`${id}-down`}
        type="button"
        disabled={index === count - 1}
        onClick={() => onMove(index + 1)}
        aria-label={`Move ${name} down`}
        className={sellerButton.icon}
      >
        <ArrowDownIcon />
      </button>
      <button
        type="button"
        onClick={onRemove}
        aria-label={`Remove ${name}`}
        className={sellerButton.iconDanger}
      >
        <TrashIcon />
      </button>
    </>
  );
}
