/** The workshop feature's public surface. */
export { WorkshopPage } from './pages/WorkshopPage';
/** The batch description rule (spec section 3), e.g. for the batch timing shown at checkout. */
export { describeBatch } from './batch-description';
/** The workshop on offer and its batches, e.g. for the cart's timing at checkout. */
export { useOfferedWorkshop, type OfferedWorkshop } from './hooks/use-offered-workshop';
/** Shows a section a seller just saved on this tab's workshop page. */
export { showSavedSection } from './stores/workshop-content-store';
/** The public schedule, e.g. for the timing of a full batch whose held seat is in the cart. */
export { useSchedule } from './hooks/use-schedule';
/** A batch's dates and timing as one label, e.g. for a buyer's orders. */
export { batchOptionLabel } from './batch-description';
/** A batch's sessions in the visitor's own time zone, e.g. for a buyer's orders. */
export { YourTimeLine } from './components/BatchLines';
export { browserTimeZone } from './local-time';
