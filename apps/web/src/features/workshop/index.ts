/** The workshop feature's public surface. */
export { WorkshopPage } from './pages/WorkshopPage';
