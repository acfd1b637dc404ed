/**
 * The dialogs of the order actions that need nothing but a note: one
 * dialog, with each action's own words, drawn from the order.
 */
import type { SellerOrderDetail } from '@wifi7/contract';
import { NoteConfirmDialog, type NoteConfirmWords } from '../../ui/NoteConfirmDialog';
import { orderActionRequestSchemas } from '../api/order';
import {
  railWords,
  useOrderActionDialog,
  type OrderActionDialogProps,
} from './use-order-action-dialog';

export type NoteAction =
  'resend' | 'markPaid' | 'cancel' | 'retryHandoff' | 'dismissAttention' | 'reissue' | 'resendMail';

const auditNote = { label: 'Note for the audit log' };

/** What "Send again" does, on the order page and on "Needs attention" alike. */
export const RESEND_MAIL_DESCRIPTION =
  'The e-mail that did not arrive goes to the same address again, now. Send it once you know the ' +
  'address works (the buyer fixed a typing mistake or cleared a full mailbox) or the mail ' +
  'settings are put right; otherwise the mail server refuses it again.';

const noteActionWords: Record<NoteAction, (detail: SellerOrderDetail) => NoteConfirmWords> = {
  /** Sends the courses portal the order's enrolment message again, now. */
  retryHandoff: ({ handoff: { lastError } }) => ({
    title: 'Send the hand-off again?',
    description: (
      <p>
        The courses portal is sent this order’s enrolment message again, now.
        {lastError && <> Last time: {lastError}.</>}
      </p>
    ),
    confirmLabel: 'Send it now',
    note: auditNote,
  }),
  /** Sends the order's e-mails that did not arrive again, from the site's outbox. */
  resendMail: () => ({
    title: 'Send the e-mail again?',
    description: RESEND_MAIL_DESCRIPTION,
    confirmLabel: 'Send it again',
    note: auditNote,
  }),
  /** Has the provider e-mail the invoice or payment link again. */
  resend: ({ order }) => {
    const { provider, what } = railWords(order);
    return {
      title: `Send the ${what} again?`,
      description: `${provider} e-mails ${order.email} the ${what} again, with the same address to pay.`,
      confirmLabel: `Send the ${what}`,
      note: auditNote,
    };
  },
  /** Makes and sends a new invoice or payment link when the provider has none for the order. */
  reissue: ({ order }) => {
    const { provider, what } = railWords(order);
    return {
      title: `Issue a new ${what}?`,
      description: `Only once you have checked that ${provider} has nothing for ${order.id}: a new ${what} is made and sent to ${order.email}. Two payable ${what}s could be paid twice.`,
      confirmLabel: `Issue a new ${what}`,
      note: auditNote,
    };
  },
  /** Records a payment made outside PayPal and Zoho; the note becomes its reference. */
  markPaid: ({ order }) => {
    const { provider, what } = railWords(order);
    return {
      title: 'Mark the order paid?',
      description: (
        <p>
          For a payment made outside PayPal and Zoho. The {what} is withdrawn at {provider} first,
          so the buyer cannot also pay it, then the student is enrolled.
        </p>
      ),
      confirmLabel: 'Mark paid',
      note: {
        label: 'How was it paid?',
        hint: 'E.g. “Bank transfer on 4 Jan, reference 2027-118”.',
        required: 'Say how it was paid: it becomes the payment reference.',
      },
    };
  },
  /** Cancels an unpaid order: its invoice or payment link is withdrawn, its seat freed. */
  cancel: ({ order }) => {
    const { provider, what } = railWords(order);
    return {
      tone: 'danger',
      title: 'Cancel the order?',
      description: `The ${what} is withdrawn at ${provider} and the seat is freed. The buyer can check out again.`,
      confirmLabel: 'Cancel the order',
      note: { label: 'Why' },
    };
  },
  /** Stops the order asking for attention, with what was done about it. */
  dismissAttention: ({ order }) => ({
    title: 'Dismiss the note?',
    description: (
      <div className="flex flex-col gap-2">
        <p>The order stops asking for attention. Dismiss it only once it is dealt with.</p>
        <blockquote className="rounded-lg bg-amber-50 px-3 py-2 text-amber-950">
          {order.attention}
        </blockquote>
      </div>
    ),
    confirmLabel: 'Dismiss',
    note: {
      label: 'What did you do about it?',
      required: 'Give a reason: it is kept in the audit log.',
    },
  }),
};

/** The dialog of `action`, with its words. */
export function NoteActionDialog({
  action,
  ...props
}: OrderActionDialogProps & { action: NoteAction }) {
  const { send, ...state } = useOrderActionDialog(action, props);
  return (
    <NoteConfirmDialog
      words={noteActionWords[action](props.detail)}
      noteSchema={orderActionRequestSchemas[action].shape.note}
      {...state}
      onClose={props.onClose}
      onSend={send}
    />
  );
}
