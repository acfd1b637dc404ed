/** The workshop feature's public surface. */
export { WorkshopPage } from './pages/WorkshopPage';
/** The batch description rule (spec section 3), e.g. for the batch timing shown at checkout. */
export { batchOptionLabel, describeBatch, type BatchDescription } from './batch-description';
