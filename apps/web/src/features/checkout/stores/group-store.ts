/**
 * A company purchase in the making (beyond the spec): how many seats, who
 * holds each (or that it is left open) and where the invoice goes. Kept
 * beside the cart, not in it: the spec's cart state stays its three fields,
 * and the workshop page, which loads the cart first, does not load this.
 * In sessionStorage, so other people's names and addresses last only as
 * long as this tab's checkout, yet travel the India path from the checkout
 * page to the payment link page.
 *
 * `open` is whether the buyer opened "Buying several seats or for someone
 * else?": closed, the checkout is the spec's one seat for the buyer.
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export interface SeatDraft {
  firstName: string;
  lastName: string;
  email: string;
  /** No attendee yet: the buyer gets an invite link for the seat. */
  leaveOpen: boolean;
}

export interface GroupDraft {
  seats: number;
  /**
   * One entry per seat, possibly more: rows past `seats` are kept while the
   * buyer steps the count down and up again, and are never sent.
   */
  attendees: SeatDraft[];
  /** Accounts payable; blank: the invoice goes to the buyer. */
  invoiceEmail: string;
}

export interface GroupState {
  open: boolean;
  draft: GroupDraft;
  setOpen(open: boolean): void;
  setSeats(seats: number): void;
  updateSeat(index: number, change: Partial<SeatDraft>): void;
  setInvoiceEmail(email: string): void;
  /** After a checkout went through, or when the cart is emptied. */
  clear(): void;
}

export const GROUP_STORAGE_KEY = 'cart-group';

export const emptySeat: SeatDraft = { firstName: '', lastName: '', email: '', leaveOpen: false };

const emptyDraft: GroupDraft = { seats: 1, attendees: [], invoiceEmail: '' };

export const useGroupStore = create<GroupState>()(
  persist(
    (set) => ({
      open: false,
      draft: emptyDraft,
      setOpen: (open) => set({ open }),
      setSeats: (seats) => set((state) => ({ draft: { ...state.draft, seats } })),
      updateSeat: (index, change) =>
        set((state) => {
          const attendees = [...state.draft.attendees];
          for (let each = attendees.length; each <= index; each++) attendees.push(emptySeat);
          attendees[index] = { ...attendees[index]!, ...change };
          return { draft: { ...state.draft, attendees } };
        }),
      setInvoiceEmail: (invoiceEmail) =>
        set((state) => ({ draft: { ...state.draft, invoiceEmail } })),
      clear: () => set({ open: false, draft: emptyDraft }),
    }),
    {
      name: GROUP_STORAGE_KEY,
      storage: createJSONStorage(() => sessionStorage),
      partialize: ({ open, draft }) => ({ open, draft }),
      version: 1,
    },
  ),
);

/** The seats of a draft, one row each, blank where the buyer has typed nothing yet. */
export function seatRows(draft: GroupDraft): SeatDraft[] {
  return Array.from({ length: draft.seats }, (_, index) => draft.attendees[index] ?? emptySeat);
}
