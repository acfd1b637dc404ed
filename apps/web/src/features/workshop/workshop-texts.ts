/**
 * The workshop page's texts from the product specification (sections 2, 4, 8
 * and 9), word for word, including the catalogue's spelling of "occured".
 */
export const workshopTexts = {
  selectPlaceholder: 'Select batch',
  selectLoading: 'Loading...',
  selectClosed: 'Registration is closed',
  closedNow: 'Registration is closed now',
  retrieving: 'Retrieving workshop details...',
  dates: 'Dates',
  timing: 'Timing',
  timezone: 'Timezone: Pacific Time',
  loginToEnroll: 'Login to Enroll',
  proceedToBuy: 'Proceed to Buy',
  chooseBatch: 'Please select the preferred workshop timing to continue with the registration',
  fetchFailed:
    'An error occured while attempting to fetch the workshop details. Please try again later.',
} as const;

/** How long the "choose a batch" tooltip stays (spec section 9). */
export const TOOLTIP_DURATION_MS = 3000;
