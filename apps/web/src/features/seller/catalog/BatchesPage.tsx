import type { SellerBatch, SellerBatchList } from '@wifi7/contract';
import { useState } from 'react';
import { SellerPage } from '../shell/SellerPage';
import { useBatches, useSetBatchStatus } from './api/batches';
import { BatchCard } from './components/BatchCard';
import { BatchDialog } from './components/BatchDialog';
import { ConfirmDialog } from '../ui/FormDialog';
import { Notice, QueryStatus } from '../ui/Panel';
import { sellerButton } from '../ui/styles';
import { dialogMutation } from '../ui/mutation-state';

type Editing = { kind: 'new' } | { kind: 'edit'; batch: SellerBatch } | null;

/**
 * The batches (/seller/batches): each with its dates and timing as buyers
 * read them, its seats sold, held and free, its 15 sessions, and whether it
 * is open. A seller creates and edits batches and opens or closes them; the
 * workshop page follows at once.
 */
export default function BatchesPage() {
  const list = useBatches();
  const [editing, setEditing] = useState<Editing>(null);
  const [toggling, setToggling] = useState<SellerBatch | null>(null);

  return (
    <SellerPage
      title="Batches"
      description="Dates, sessions and seats of every batch. Buyers are offered the open batches with free seats."
      actions={
        list.isSuccess && (
          <button
            type="button"
            className={sellerButton.primary}
            onClick={() => setEditing({ kind: 'new' })}
          >
            New batch
          </button>
        )
      }
    >
      <QueryStatus query={list} loading="Loading batches…" title={null} />
      {list.isSuccess && (
        <>
          <RegistrationState list={list.data} />
          {list.data.batches.length === 0 ? (
            <Notice>No batches yet. Create the first with “New batch”.</Notice>
          ) : (
            <ul className="grid gap-4 xl:grid-cols-2">
              {list.data.batches.map((batch) => (
                <BatchCard
                  key={batch.id}
                  batch={batch}
                  onEdit={() => setEditing({ kind: 'edit', batch })}
                  onToggleStatus={() => setToggling(batch)}
                />
              ))}
            </ul>
          )}
        </>
      )}

      {editing && list.isSuccess && (
        <BatchDialog
          batch={editing.kind === 'edit' ? editing.batch : undefined}
          workshops={list.data.workshops}
          onClose={() => setEditing(null)}
        />
      )}

      {toggling && list.isSuccess && (
        <StatusDialog batch={toggling} list={list.data} onClose={() => setToggling(null)} />
      )}
    </SellerPage>
  );
}

/** The batches buyers are offered now: those of the first active workshop that are open with seats. */
function offeredBatches(list: SellerBatchList, without?: string): SellerBatch[] {
  const workshop = list.workshops.find((each) => each.active);
  return list.batches.filter(
    (batch) =>
      batch.workshopSku === workshop?.sku &&
      batch.status === 'open' &&
      batch.seats.free > 0 &&
      batch.id !== without,
  );
}

function RegistrationState({ list }: { list: SellerBatchList }) {
  const offered = offeredBatches(list);
  if (offered.length > 0) {
    return (
      <p className="text-sm text-slate-600" role="status">
        Buyers can choose from{' '}
        <strong className="font-semibold text-navy-950">
          {offered.length} batch{offered.length === 1 ? '' : 'es'}
        </strong>{' '}
        now.
      </p>
    );
  }
  return (
    <Notice tone="warning" role="status">
      Registration is closed: no open batch has a free seat, so the workshop page says “Registration
      is closed now”. Open a batch, or add seats, to sell again.
    </Notice>
  );
}

function StatusDialog({
  batch,
  list,
  onClose,
}: {
  batch: SellerBatch;
  list: SellerBatchList;
  onClose: () => void;
}) {
  const { send, ...state } = dialogMutation(useSetBatchStatus(), onClose);
  const closing = batch.status === 'open';
  const closesRegistration =
    closing &&
    offeredBatches(list).some((each) => each.id === batch.id) &&
    offeredBatches(list, batch.id).length === 0;
  return (
    <ConfirmDialog
      title={closing ? `Close registration for ${batch.id}?` : `Open registration for ${batch.id}?`}
      confirmLabel={closing ? 'Close registration' : 'Open registration'}
      tone={closing ? 'danger' : 'default'}
      {...state}
      onClose={onClose}
      onConfirm={() =>
        send(
          { batchId: batch.id, status: closing ? 'closed' : 'open' },
          (changed) => `${changed.id} is ${changed.status === 'open' ? 'open' : 'closed'}.`,
        )
      }
    >
      <p>
        {closing
          ? 'Buyers will no longer be offered this batch. Orders already placed keep their seats.'
          : batch.seats.free > 0
            ? 'Buyers will be offered this batch again.'
            : 'The batch has no free seat: add seats so buyers can choose it.'}
      </p>
      {closesRegistration && (
        <Notice tone="warning">
          This is the last batch buyers can choose: the workshop page will say “Registration is
          closed now”.
        </Notice>
      )}
    </ConfirmDialog>
  );
}
