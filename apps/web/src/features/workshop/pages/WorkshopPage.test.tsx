import {
  expandWeeklySchedule,
  pacificInstant,
  type MyEnrolmentsResponse,
  type ScheduledBatch,
  type ScheduleResponse,
  type Weekday,
  type Workshop,
  type WorkshopListResponse,
} from '@wifi7/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderWithQuery } from '../../../testing/render-with-query';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ReactRouterSeam } from '../../../app/ReactRouterSeam';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { remoteLog } from '../../../lib/remote-log';
import { setSessionRestoring, setSignedInUser } from '../../../testing/auth-state';
import { installFakeApi, type RecordedRequest, type Reply } from '../../../testing/fake-api';
import * as firebase from '../../../testing/firebase-mock';
import {
  clearWorkshopContent,
  sampleWorkshopContent,
  setWorkshopContent,
} from '../../../testing/workshop-content';
import { useCartStore } from '../../cart';
import type * as LocalTime from '../local-time';
import { WorkshopPage } from './WorkshopPage';

vi.mock('../../../lib/firebase', () => import('../../../testing/firebase-mock'));

const zone = vi.hoisted(() => ({ current: 'America/Los_Angeles' as string | undefined }));
vi.mock('../local-time', async (importOriginal) => ({
  ...(await importOriginal<typeof LocalTime>()),
  browserTimeZone: () => zone.current,
}));

const WORKSHOP_LIST = '/api/learning-availability/workshop-list';
const PRICING = '/api/courses/pricing';
const CONTENT = '/api/content/workshop';
const SCHEDULE = '/api/schedule';
const ENROLMENTS = '/api/me/enrolments';
const TOOLTIP = 'Please select the preferred workshop timing to continue with the registration';
const FETCH_FAILED =
  'An error occured while attempting to fetch the workshop details. Please try again later.';

const batches = [
  {
    batchId: 'B-JAN',
    batchDescription: 'Jan 12 - Mar 4, 2027 (Americas) -- Tue & Thu, 9 to 11 AM Pacific Time',
  },
  {
    batchId: 'B-FEB',
    batchDescription: 'Feb 8 - Mar 31, 2027 (Asia-Pacific) -- Mon & Wed, 7 to 9 PM Pacific Time',
  },
  {
    batchId: 'B-APR',
    batchDescription: 'Apr 6 - May 27, 2027 (Americas) -- Tue & Thu, 9 to 11 AM Pacific Time',
  },
];

/** Sessions as the schedule sends them: Pacific wall-clock times as UTC instants. */
function sessions(startsOn: string, weekdays: Weekday[], startTime: string) {
  return expandWeeklySchedule({ startsOn, weekdays, startTime }).map((wallClock, index) => {
    const start = pacificInstant(wallClock)!;
    return {
      number: index + 1,
      startsAt: start.toISOString(),
      endsAt: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
    };
  });
}

const scheduledBatches: ScheduledBatch[] = [
  {
    ...batches[0]!,
    sessions: sessions('2027-01-12', ['Tue', 'Thu'], '09:00'),
    full: false,
    seatsLeft: null,
  },
  {
    ...batches[1]!,
    sessions: sessions('2027-02-08', ['Mon', 'Wed'], '19:00'),
    full: false,
    seatsLeft: 3,
  },
  {
    ...batches[2]!,
    sessions: sessions('2027-04-06', ['Tue', 'Thu'], '09:00'),
    full: false,
    seatsLeft: null,
  },
];

function serveSchedule(...batchesOfFirst: ScheduledBatch[]) {
  scheduleReply = () => ({
    status: 200,
    data: {
      workshops: [
        {
          productSku: 'WIFI7-LIVE',
          productName: 'Wi-Fi 7 (802.11be) Live Online Workshop',
          batches: batchesOfFirst,
        },
      ],
    } satisfies ScheduleResponse,
  });
}

function workshop(overrides: Partial<Workshop> = {}): Workshop {
  return {
    productSku: 'WIFI7-LIVE',
    productName: 'Wi-Fi 7 (802.11be) Live Online Workshop',
    batchDetails: batches,
    ...overrides,
  };
}

interface PricingBody {
  productSkus: string[];
  countryCode: string;
  discountCode: string | null;
}

/** The server's pricing rule in small: INR for India, EARLYBIRD is 10 %. */
function priceReply(body: PricingBody): Reply {
  const india = body.countryCode === 'IN';
  return {
    status: 200,
    data: {
      success: true,
      message: 'Prices retrieved.',
      prices: body.productSkus.map((productSku) => ({
        productSku,
        price: india ? 41299 : 499,
        currency: india ? 'INR' : 'USD',
        discount: body.discountCode === 'EARLYBIRD' ? 10 : 0,
      })),
    },
  };
}

let requests: RecordedRequest[];
let listReply: () => Reply | Promise<Reply>;
let pricingReply: (body: PricingBody) => Reply | Promise<Reply>;
let contentReply: () => Reply | Promise<Reply>;
let scheduleReply: () => Reply | Promise<Reply>;
let enrolmentsReply: () => Reply | Promise<Reply>;
let geoCountry: string | Error;

const requestsTo = (url: string) => requests.filter((request) => request.url === url);

function serveList(...workshops: Workshop[]) {
  listReply = () => ({
    status: 200,
    data: { availableWorkshops: workshops } satisfies WorkshopListResponse,
  });
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

function signIn() {
  firebase.fakeAuth.currentUser = {
    uid: 'uid-1',
    getIdTokenResult: async () => ({
      token: 'id-token',
      expirationTime: new Date(Date.now() + 3_600_000).toUTCString(),
    }),
    getIdToken: async () => 'id-token',
  };
  setSignedInUser({ uid: 'uid-1', email: 'ada@example.com' });
}

function signOut() {
  firebase.fakeAuth.currentUser = null;
  setSignedInUser(null);
}

function renderPage() {
  const router = createMemoryRouter(
    [
      {
        path: '/wifi7-workshop',
        element: (
          <ReactRouterSeam>
            <WorkshopPage />
          </ReactRouterSeam>
        ),
      },
      { path: '/login', element: <p>Login page</p> },
      { path: '/checkout', element: <p>Checkout page</p> },
    ],
    { initialEntries: ['/wifi7-workshop'] },
  );
  renderWithQuery(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
  );
  return { router, user: userEvent.setup() };
}

const batchSelect = () => screen.getByRole('combobox', { name: 'Batch' });
const optionTexts = () =>
  within(batchSelect())
    .getAllByRole('option')
    .map((option) => option.textContent);

beforeEach(() => {
  firebase.resetFirebaseMock();
  useCartStore.getState().clearCart();
  serveList(workshop());
  serveSchedule(...scheduledBatches);
  enrolmentsReply = () => ({
    status: 200,
    data: { enrolments: [] } satisfies MyEnrolmentsResponse,
  });
  zone.current = 'America/Los_Angeles';
  pricingReply = priceReply;
  contentReply = () => ({ status: 200, data: sampleWorkshopContent });
  setWorkshopContent();
  geoCountry = 'US';
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      if (geoCountry instanceof Error) throw geoCountry;
      return new Response(JSON.stringify({ country: geoCountry }), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  requests = installFakeApi((request) => {
    if (request.url === WORKSHOP_LIST) return listReply();
    if (request.url === PRICING) return pricingReply(request.body as PricingBody);
    if (request.url === CONTENT) return contentReply();
    if (request.url === SCHEDULE) return scheduleReply();
    if (request.url === ENROLMENTS) return enrolmentsReply();
    if (request.url === '/api/web-logs/token') {
      return { status: 200, data: { token: 'log-token', expiresInSeconds: 300 } };
    }
    if (request.url === '/api/web-logs/push') return { status: 204 };
    return { status: 404 };
  });
  Element.prototype.scrollIntoView = vi.fn();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  // @ts-expect-error jsdom has none; each test adds its own spy.
  delete Element.prototype.scrollIntoView;
});

describe('workshop page, signed out', () => {
  beforeEach(signOut);

  it('shows the price, every open batch and "Login to Enroll", which leads to /login', async () => {
    const { router, user } = renderPage();
    expect(await screen.findByText('$499.00')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Upcoming batches' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Jan 12 - Mar 4, 2027Tue & Thu, 9 - 11 AM PT (Americas)',
      'Feb 8 - Mar 31, 2027 3 seats leftMon & Wed, 7 - 9 PM PT (Asia-Pacific)',
      'Apr 6 - May 27, 2027Tue & Thu, 9 - 11 AM PT (Americas)',
    ]);
    expect(screen.getByText('Timezone: Pacific Time')).toBeInTheDocument();
    expect(screen.queryByText(/Your time/)).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(requestsTo(SCHEDULE)[0]!.headers.Authorization).toBeUndefined();

    await user.click(screen.getByRole('button', { name: 'Login to Enroll' }));
    expect(router.state.location.pathname).toBe('/login');
  });

  it("shows each batch's sessions in the visitor's own time zone", async () => {
    zone.current = 'Asia/Kolkata';
    renderPage();
    const list = await screen.findByRole('list', { name: 'Upcoming batches' });
    const [jan, feb] = within(list).getAllByRole('listitem');
    expect(within(jan!).getByText(/^Your time:/)).toHaveTextContent(
      'Your time: Tue & Thu, 10:30 PM – 12:30 AM IST',
    );
    expect(within(feb!).getByText(/^Your time:/)).toHaveTextContent(
      'Your time: Tue & Thu, 8:30 – 10:30 AM IST until Mar 11; 7:30 – 9:30 AM IST from Mar 16',
    );
  });

  it('marks a full batch', async () => {
    serveSchedule(scheduledBatches[0]!, { ...scheduledBatches[1]!, full: true, seatsLeft: 0 });
    renderPage();
    const list = await screen.findByRole('list', { name: 'Upcoming batches' });
    expect(within(list).getByText('Full — waitlist open')).toBeInTheDocument();
  });

  it('keeps the card while the schedule loads, and says so when it fails, with a retry', async () => {
    const reply = deferred<Reply>();
    scheduleReply = () => reply.promise;
    const { user } = renderPage();
    expect(screen.getByText('Retrieving workshop details...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login to Enroll' })).toBeEnabled();
    reply.resolve({ status: 503 });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'We could not load the batch dates just now. You can still sign in and enroll.',
    );
    await vi.waitFor(() =>
      expect(requestsTo('/api/web-logs/push').map((request) => request.body)).toContainEqual({
        message: 'workshop: schedule fetch failed (status 503)',
        severity: 'ERROR',
      }),
    );
    serveSchedule(...scheduledBatches);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Upcoming batches' })).toBeInTheDocument();
  });

  it('says registration is closed when the schedule has no batch', async () => {
    serveSchedule();
    renderPage();
    expect(await screen.findByText('Registration is closed now')).toBeInTheDocument();
  });

  it('prices the default product without asking for the batch list, which needs a sign-in', async () => {
    renderPage();
    await screen.findByText('$499.00');
    expect(requestsTo(WORKSHOP_LIST)).toHaveLength(0);
    const [pricing] = requestsTo(PRICING);
    expect(pricing!.body).toEqual({
      productSkus: ['WIFI7-LIVE'],
      countryCode: 'US',
      discountCode: null,
    });
    expect(pricing!.headers.Authorization).toBeUndefined();
  });

  it('holds the button place while the session is being restored', () => {
    setSessionRestoring();
    renderPage();
    expect(screen.getByText('Checking your sign-in…')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Login to Enroll' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Proceed to Buy' })).not.toBeInTheDocument();
  });
});

describe('workshop page, prices', () => {
  beforeEach(signOut);

  it('shows a loading placeholder until the country and the price are known', async () => {
    const reply = deferred<Reply>();
    pricingReply = () => reply.promise;
    renderPage();
    expect(screen.getByText('Loading the price…')).toBeInTheDocument();
    await vi.waitFor(() => expect(requestsTo(PRICING)).toHaveLength(1));
    reply.resolve(priceReply(requestsTo(PRICING)[0]!.body as PricingBody));
    expect(await screen.findByText('$499.00')).toBeInTheDocument();
    expect(screen.queryByText('Loading the price…')).not.toBeInTheDocument();
  });

  it('has no discount note without a discount', async () => {
    renderPage();
    await screen.findByText('$499.00');
    expect(screen.queryByText(/after .* discount/)).not.toBeInTheDocument();
  });

  it("sends the cart's discount code and shows the price after discount", async () => {
    useCartStore.getState().updateDiscountCode('  EARLYBIRD ');
    renderPage();
    expect(await screen.findByText('$449.10')).toBeInTheDocument();
    expect(screen.getByText('(after 10% discount)')).toBeInTheDocument();
    expect(screen.getByText('$499.00').closest('s')).not.toBeNull();
    expect(requestsTo(PRICING)[0]!.body).toMatchObject({ discountCode: 'EARLYBIRD' });
  });

  it('prices in rupees with ₹ for a visitor in India', async () => {
    geoCountry = 'IN';
    renderPage();
    expect(await screen.findByText('₹41,299.00')).toBeInTheDocument();
    expect(requestsTo(PRICING)[0]!.body).toMatchObject({ countryCode: 'IN' });
    expect(screen.getByText('Secure payment through a Zoho payment link')).toBeInTheDocument();
  });

  it('prices for the US when the country look-up fails', async () => {
    geoCountry = new TypeError('Failed to fetch');
    renderPage();
    expect(await screen.findByText('$499.00')).toBeInTheDocument();
    expect(requestsTo(PRICING)[0]!.body).toMatchObject({ countryCode: 'US' });
  });

  it('says so when the price cannot be loaded', async () => {
    pricingReply = () => ({ status: 500 });
    renderPage();
    expect(
      await screen.findByText('The price could not be loaded just now. Please try again later.'),
    ).toBeInTheDocument();
  });

  it('logs a failed pricing request', async () => {
    const error = vi.spyOn(remoteLog, 'error');
    pricingReply = () => ({ status: 500 });
    renderPage();
    await screen.findByText('The price could not be loaded just now. Please try again later.');
    expect(error).toHaveBeenCalledWith('workshop: pricing failed (status 500)');
  });

  it('logs an answer without the product’s price, and says the price cannot be loaded', async () => {
    const warning = vi.spyOn(remoteLog, 'warning');
    pricingReply = () => ({ status: 200, data: { success: true, message: '', prices: [] } });
    renderPage();
    await screen.findByText('The price could not be loaded just now. Please try again later.');
    const [sku] = (requestsTo(PRICING)[0]!.body as PricingBody).productSkus;
    expect(warning).toHaveBeenCalledWith(`workshop: no price for ${sku}`);
  });
});

describe('workshop page, signed in', () => {
  beforeEach(signIn);

  it('shows "Loading...", a spinner text and a disabled button while the batches load', async () => {
    const reply = deferred<Reply>();
    listReply = () => reply.promise;
    renderPage();
    // The signed-in parts of the card arrive with their own code.
    await screen.findByRole('combobox', { name: 'Batch' });

    expect(batchSelect()).toBeDisabled();
    expect(optionTexts()).toEqual(['Loading...']);
    expect(screen.getByText('Retrieving workshop details...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Proceed to Buy' })).toBeDisabled();

    reply.resolve({ status: 200, data: { availableWorkshops: [workshop()] } });
    expect(await screen.findByRole('option', { name: 'Select batch' })).toBeInTheDocument();
    expect(screen.queryByText('Retrieving workshop details...')).not.toBeInTheDocument();
  });

  it('asks for the list with the bearer token', async () => {
    renderPage();
    await screen.findByRole('option', { name: 'Select batch' });
    expect(requestsTo(WORKSHOP_LIST)[0]!.headers.Authorization).toBe('Bearer id-token');
  });

  it('offers several batches in the order given, behind "Select batch"', async () => {
    renderPage();
    await screen.findByRole('option', { name: 'Select batch' });
    expect(batchSelect()).toBeEnabled();
    expect(batchSelect()).toHaveValue('');
    expect(optionTexts()).toEqual([
      'Select batch',
      'Jan 12 - Mar 4, 2027 · Tue & Thu, 9 - 11 AM PT (Americas)',
      'Feb 8 - Mar 31, 2027 · Mon & Wed, 7 - 9 PM PT (Asia-Pacific)',
      'Apr 6 - May 27, 2027 · Tue & Thu, 9 - 11 AM PT (Americas)',
    ]);
    expect(screen.getByRole('option', { name: 'Select batch' })).toBeDisabled();
    expect(screen.getByText('Timezone: Pacific Time')).toBeInTheDocument();
  });

  it('shows the Dates and Timing of the chosen batch', async () => {
    const { user } = renderPage();
    await screen.findByRole('option', { name: 'Select batch' });
    await user.selectOptions(batchSelect(), 'B-FEB');

    const details = screen.getByText('Dates').closest('dl')!;
    expect(within(details).getByText('Feb 8 - Mar 31, 2027')).toBeInTheDocument();
    expect(within(details).getByText('Timing')).toBeInTheDocument();
    expect(within(details).getByText('Mon & Wed, 7 - 9 PM PT (Asia-Pacific)')).toBeInTheDocument();
    expect(screen.getByText('Timezone: Pacific Time')).toBeInTheDocument();
  });

  it('selects a single batch automatically and disables the dropdown', async () => {
    serveList(workshop({ batchDetails: [batches[1]!] }));
    renderPage();
    expect(await screen.findByText('Feb 8 - Mar 31, 2027')).toBeInTheDocument();
    expect(batchSelect()).toHaveValue('B-FEB');
    expect(batchSelect()).toBeDisabled();
    expect(screen.queryByRole('option', { name: 'Select batch' })).not.toBeInTheDocument();
  });

  it('says registration is closed when there are no batches', async () => {
    serveList(workshop({ batchDetails: [] }));
    renderPage();
    expect(await screen.findByText('Registration is closed now')).toBeInTheDocument();
    expect(optionTexts()).toEqual(['Registration is closed']);
    expect(batchSelect()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Proceed to Buy' })).toBeDisabled();
  });

  it('says registration is closed when no workshop is available at all', async () => {
    serveList();
    renderPage();
    expect(await screen.findByText('Registration is closed now')).toBeInTheDocument();
    expect(optionTexts()).toEqual(['Registration is closed']);
  });

  it('offers only the first workshop of the list', async () => {
    serveList(
      workshop({ batchDetails: [batches[0]!] }),
      workshop({ productSku: 'OTHER', productName: 'Other', batchDetails: [batches[2]!] }),
    );
    const { router, user } = renderPage();
    await screen.findByText('Jan 12 - Mar 4, 2027');
    expect(optionTexts()).toEqual(['Jan 12 - Mar 4, 2027 · Tue & Thu, 9 - 11 AM PT (Americas)']);
    await user.click(screen.getByRole('button', { name: 'Proceed to Buy' }));
    expect(useCartStore.getState().cartItems).toEqual([
      {
        productSku: 'WIFI7-LIVE',
        productName: 'Wi-Fi 7 (802.11be) Live Online Workshop',
        batchId: 'B-JAN',
      },
    ]);
    expect(router.state.location.pathname).toBe('/checkout');
  });

  it('"Proceed to Buy" with a batch puts it in the cart and goes to /checkout', async () => {
    useCartStore.getState().addItem({ productSku: 'WIFI7-LIVE', productName: 'x', batchId: 'old' });
    const { router, user } = renderPage();
    await screen.findByRole('option', { name: 'Select batch' });
    await user.selectOptions(batchSelect(), 'B-APR');
    await user.click(screen.getByRole('button', { name: 'Proceed to Buy' }));

    expect(useCartStore.getState().cartItems).toEqual([
      {
        productSku: 'WIFI7-LIVE',
        productName: 'Wi-Fi 7 (802.11be) Live Online Workshop',
        batchId: 'B-APR',
      },
    ]);
    expect(JSON.parse(localStorage.getItem('cart')!).state.cartItems).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/checkout');
  });

  it('keeps the batch chosen earlier, as found in the cart', async () => {
    useCartStore
      .getState()
      .addItem({ productSku: 'WIFI7-LIVE', productName: 'x', batchId: 'B-FEB' });
    renderPage();
    expect(await screen.findByText('Feb 8 - Mar 31, 2027')).toBeInTheDocument();
    expect(batchSelect()).toHaveValue('B-FEB');
  });

  it('without a batch, scrolls to the select and shows the tooltip for 3 seconds', async () => {
    const { router } = renderPage();
    await screen.findByRole('option', { name: 'Select batch' });
    // From here on the clock is fake; fireEvent is synchronous, so it needs no timers.
    vi.useFakeTimers();

    fireEvent.click(screen.getByRole('button', { name: 'Proceed to Buy' }));
    const status = screen.getByText(TOOLTIP).closest('[role="status"]');
    expect(status).not.toBeNull();
    expect(batchSelect()).toHaveFocus();
    expect(batchSelect()).toHaveAccessibleDescription(TOOLTIP);
    expect(Element.prototype.scrollIntoView).toHaveBeenCalledWith(
      expect.objectContaining({ block: 'center' }),
    );
    expect(router.state.location.pathname).toBe('/wifi7-workshop');
    expect(useCartStore.getState().cartItems).toEqual([]);

    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByText(TOOLTIP)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText(TOOLTIP)).not.toBeInTheDocument();
    expect(batchSelect()).not.toHaveAccessibleDescription(TOOLTIP);
  });

  it('restarts the 3 seconds on a second click and hides the tooltip once a batch is chosen', async () => {
    renderPage();
    await screen.findByRole('option', { name: 'Select batch' });
    vi.useFakeTimers();
    const button = screen.getByRole('button', { name: 'Proceed to Buy' });

    fireEvent.click(button);
    act(() => vi.advanceTimersByTime(2000));
    fireEvent.click(button);
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByText(TOOLTIP)).toBeInTheDocument();

    fireEvent.change(batchSelect(), { target: { value: 'B-JAN' } });
    expect(screen.queryByText(TOOLTIP)).not.toBeInTheDocument();
  });

  it('shows the fetch-failure text, and a retry loads the batches', async () => {
    listReply = () => ({ status: 500 });
    const { user } = renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(FETCH_FAILED);
    expect(screen.getByRole('button', { name: 'Proceed to Buy' })).toBeDisabled();
    await vi.waitFor(() =>
      expect(requestsTo('/api/web-logs/push')[0]?.body).toEqual({
        message: 'workshop: list fetch failed (status 500)',
        severity: 'ERROR',
      }),
    );

    serveList(workshop());
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('option', { name: 'Select batch' })).toBeInTheDocument();
    expect(screen.queryByText(FETCH_FAILED)).not.toBeInTheDocument();
  });

  it('offers the full batches of the schedule as options marked full, not to be bought', async () => {
    serveList(workshop({ batchDetails: [batches[0]!, batches[2]!] }));
    serveSchedule(
      scheduledBatches[0]!,
      { ...scheduledBatches[1]!, full: true, seatsLeft: 0 },
      scheduledBatches[2]!,
    );
    const { user } = renderPage();
    await screen.findByRole('option', { name: /· Full$/ });
    expect(optionTexts()).toEqual([
      'Select batch',
      'Jan 12 - Mar 4, 2027 · Tue & Thu, 9 - 11 AM PT (Americas)',
      'Feb 8 - Mar 31, 2027 · Mon & Wed, 7 - 9 PM PT (Asia-Pacific) · Full',
      'Apr 6 - May 27, 2027 · Tue & Thu, 9 - 11 AM PT (Americas)',
    ]);

    // A full batch is waited for: the main button joins its waitlist.
    await user.selectOptions(batchSelect(), 'B-FEB');
    expect(screen.queryByRole('button', { name: 'Proceed to Buy' })).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Join waitlist' })).toBeEnabled();
    expect(screen.getByText(/^This batch is full\./)).toBeInTheDocument();
    expect(screen.getByText('Full — waitlist open')).toBeInTheDocument();

    await user.selectOptions(batchSelect(), 'B-APR');
    expect(screen.getByRole('button', { name: 'Proceed to Buy' })).toBeEnabled();
    expect(screen.queryByText(/^This batch is full\./)).not.toBeInTheDocument();
  });

  it('keeps the single-batch rule when the schedule has no full batch', async () => {
    serveList(workshop({ batchDetails: [batches[1]!] }));
    renderPage();
    expect(await screen.findByText('3 seats left')).toBeInTheDocument();
    expect(batchSelect()).toHaveValue('B-FEB');
    expect(batchSelect()).toBeDisabled();
    expect(optionTexts()).toHaveLength(1);
  });

  it("shows the chosen batch's sessions in the visitor's own time zone", async () => {
    zone.current = 'Europe/Berlin';
    const { user } = renderPage();
    await screen.findByRole('option', { name: 'Select batch' });
    expect(screen.queryByText(/Your time/)).not.toBeInTheDocument();
    await user.selectOptions(batchSelect(), 'B-FEB');
    expect(await screen.findByText(/^Your time:/)).toHaveTextContent(
      'Your time: Tue & Thu, 4 – 6 AM CET until Mar 11; 3 – 5 AM CET Mar 16 – Mar 25; Tue, 4 – 6 AM CEST on Mar 30',
    );
  });

  it('offers a paid batch’s calendar file', async () => {
    enrolmentsReply = () => ({
      status: 200,
      data: {
        enrolments: [
          {
            productSku: 'WIFI7-LIVE',
            batchId: 'B-FEB',
            calendarPath: '/api/batches/B-FEB/calendar.ics',
          },
        ],
      } satisfies MyEnrolmentsResponse,
    });
    renderPage();
    const link = await screen.findByRole('link', { name: 'Add to calendar' });
    expect(link).toHaveAttribute('href', '/api/batches/B-FEB/calendar.ics');
    expect(link).toHaveAttribute('download');
    expect(screen.getByText('You’re enrolled')).toBeInTheDocument();
    expect(requestsTo(ENROLMENTS)[0]!.headers.Authorization).toBe('Bearer id-token');
  });

  it('offers no calendar without a paid batch', async () => {
    renderPage();
    await screen.findByRole('option', { name: 'Select batch' });
    await vi.waitFor(() => expect(requestsTo(ENROLMENTS)).toHaveLength(1));
    expect(screen.queryByRole('link', { name: 'Add to calendar' })).not.toBeInTheDocument();
  });

  it('prices the offered workshop for the signed-in buyer', async () => {
    renderPage();
    await screen.findByRole('option', { name: 'Select batch' });
    expect(await screen.findByText('$499.00')).toBeInTheDocument();
    const pricing = requestsTo(PRICING);
    expect(pricing.at(-1)!.body).toMatchObject({ productSkus: ['WIFI7-LIVE'] });
    expect(pricing.at(-1)!.headers.Authorization).toBe('Bearer id-token');
  });
});

describe('workshop page content', () => {
  beforeEach(signOut);

  it('lists the 15 sessions, the instructor and about 22 linked testimonials', async () => {
    const { user } = renderPage();
    await screen.findByText('$499.00');
    const outline = screen.getByRole('heading', { name: 'Course outline' }).closest('section')!;
    expect(within(outline).getAllByRole('group')).toHaveLength(15);
    expect(screen.getByRole('heading', { name: 'Your instructor' })).toBeInTheDocument();

    const testimonials = screen
      .getByRole('heading', { name: 'What past attendees say' })
      .closest('section')!;
    const toggle = within(testimonials).getByRole('button', { name: 'Show all 22 testimonials' });
    expect(within(testimonials).getAllByRole('link')).toHaveLength(6);
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const links = within(testimonials).getAllByRole('link');
    expect(links).toHaveLength(22);
    for (const link of links) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  it('"Choose your batch" at the end of the page brings the visitor back to the enroll card', async () => {
    const { user } = renderPage();
    await screen.findByText('$499.00');
    await user.click(screen.getByRole('button', { name: 'Choose your batch' }));
    expect(screen.getByRole('heading', { name: 'Enroll in the next batch' })).toHaveFocus();
    expect(Element.prototype.scrollIntoView).toHaveBeenCalled();
  });

  it('loads its images lazily with their size reserved', async () => {
    renderPage();
    await screen.findByText('$499.00');
    const images = screen.getAllByRole('img');
    expect(images.length).toBeGreaterThanOrEqual(2);
    for (const image of images) {
      expect(image).toHaveAttribute('loading', 'lazy');
      expect(image).toHaveAttribute('width');
      expect(image).toHaveAttribute('height');
      expect(image.getAttribute('alt')).not.toBe('');
    }
  });
});

describe('workshop page content, as sellers edit it', () => {
  beforeEach(signOut);

  it('shows what the page came with, without asking the API', async () => {
    const [first, ...others] = sampleWorkshopContent.testimonials.items;
    setWorkshopContent({
      ...sampleWorkshopContent,
      testimonials: { items: [{ ...first!, quote: 'Edited in the back office.' }, ...others] },
    });
    renderPage();
    await screen.findByText('$499.00');
    expect(screen.getByText('Edited in the back office.')).toBeInTheDocument();
    expect(screen.getByText(/Taught live by/)).toHaveTextContent(
      'Taught live by Dr. Maya Raghunathan, Principal Wi-Fi Systems Architect',
    );
    expect(requestsTo(CONTENT)).toHaveLength(0);
  });

  it("asks the API when the page came without it, keeping the sections' place meanwhile", async () => {
    clearWorkshopContent();
    const reply = deferred<Reply>();
    contentReply = () => reply.promise;
    renderPage();
    expect(await screen.findByText('Loading the course outline…')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your instructor' })).not.toBeInTheDocument();
    reply.resolve({ status: 200, data: sampleWorkshopContent });
    const outline = (await screen.findByRole('heading', { name: 'Course outline' })).closest(
      'section',
    )!;
    expect(within(outline).getAllByRole('group')).toHaveLength(15);
    expect(screen.getByRole('heading', { name: 'Your instructor' })).toBeInTheDocument();
    expect(requestsTo(CONTENT)).toHaveLength(1);
  });

  it('still sells the workshop when the content cannot be loaded, and logs it', async () => {
    clearWorkshopContent();
    contentReply = () => ({ status: 503 });
    renderPage();
    expect(await screen.findByText('$499.00')).toBeInTheDocument();
    await vi.waitFor(() =>
      expect(requestsTo('/api/web-logs/push').map((request) => request.body)).toContainEqual({
        message: 'workshop: page content fetch failed (status 503)',
        severity: 'ERROR',
      }),
    );
    expect(screen.queryByText('Loading the course outline…')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your instructor' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login to Enroll' })).toBeEnabled();
  });

  it('shows a testimonial without a profile link or company as plain text', async () => {
    setWorkshopContent({
      ...sampleWorkshopContent,
      testimonials: {
        items: [{ name: 'Ravi Shankar', role: 'Consultant', company: '', quote: 'Superb.' }],
      },
    });
    renderPage();
    await screen.findByText('$499.00');
    const testimonials = screen
      .getByRole('heading', { name: 'What past attendees say' })
      .closest('section')!;
    expect(within(testimonials).queryByRole('link')).not.toBeInTheDocument();
    expect(within(testimonials).getByText('Consultant')).toBeInTheDocument();
    expect(within(testimonials).queryByRole('button')).not.toBeInTheDocument();
  });
});
