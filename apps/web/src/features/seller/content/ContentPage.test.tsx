import type { SellerContentResponse, WorkshopContent } from '@wifi7/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setSignedInUser } from '../../../testing/auth-state';
import { renderWithQuery } from '../../../testing/render-with-query';
import { installFakeApi, type RecordedRequest, type Reply } from '../../../testing/fake-api';
import * as firebase from '../../../testing/firebase-mock';
import {
  currentWorkshopContent,
  sampleWorkshopContent,
  setWorkshopContent,
} from '../../../testing/workshop-content';
import ContentPage from './ContentPage';

vi.mock('../../../lib/firebase', () => import('../../../testing/firebase-mock'));

const CONTENT = '/api/seller/content';
const IMAGES = '/api/seller/images';
const IMAGE_ID = 'b'.repeat(64);

function savedContent(content: WorkshopContent = sampleWorkshopContent): SellerContentResponse {
  const saved = <T,>(value: T) => ({
    value,
    version: '20270112093000000001',
    updatedAt: '2027-01-12T09:30:00.000Z',
    updatedBy: null,
  });
  return {
    instructor: saved(content.instructor),
    testimonials: saved(content.testimonials),
    outline: saved(content.outline),
    certificate: saved(content.certificate),
  };
}

let requests: RecordedRequest[];
let contentReply: () => Reply;
let saveReply: (request: RecordedRequest) => Reply;

const requestsTo = (url: string, method = 'GET') =>
  requests.filter((request) => request.url === url && request.method === method);

/** The server's answer to a save: the section as sent, a newer version, saved by the seller. */
const savedAsSent = (request: RecordedRequest): Reply => ({
  status: 200,
  data: {
    value: (request.body as { value: unknown }).value,
    version: '20270112093500000002',
    updatedAt: '2027-01-12T09:35:00.000Z',
    updatedBy: 'seller@example.com',
  },
});

beforeEach(() => {
  firebase.resetFirebaseMock();
  firebase.fakeAuth.currentUser = {
    uid: 'seller-uid',
    getIdTokenResult: async () => ({
      token: 'id-token',
      expirationTime: new Date(Date.now() + 3_600_000).toUTCString(),
    }),
    getIdToken: async () => 'id-token',
  };
  setSignedInUser({ uid: 'seller-uid', email: 'seller@example.com' });
  setWorkshopContent();
  contentReply = () => ({ status: 200, data: savedContent() });
  saveReply = savedAsSent;
  requests = installFakeApi((request) => {
    if (request.url === CONTENT) return contentReply();
    if (request.url.startsWith(`${CONTENT}/`) && request.method === 'PUT')
      return saveReply(request);
    if (request.url === IMAGES) {
      return {
        status: 201,
        data: {
          id: IMAGE_ID,
          src: `/api/images/${IMAGE_ID}`,
          contentType: 'image/png',
          byteSize: 68,
          width: 400,
          height: 400,
        },
      };
    }
    if (request.url === '/api/web-logs/token') {
      return { status: 200, data: { token: 'log-token', expiresInSeconds: 300 } };
    }
    if (request.url === '/api/web-logs/push') return { status: 204 };
    return { status: 404 };
  });
});

async function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/seller/content', element: <ContentPage /> },
      { path: '/seller/orders', element: <p>Orders page</p> },
    ],
    { initialEntries: ['/seller/content'] },
  );
  renderWithQuery(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
  );
  await screen.findByRole('heading', { name: 'Testimonials' });
  return { router, user: userEvent.setup() };
}

/** Types a whole value at once (as a paste), sparing a re-render per key. */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

const section = (name: string) =>
  screen.getByRole('heading', { name, level: 2 }).closest('section')!;

describe('the page content', () => {
  it('shows every section as saved, with the sample marked as such', async () => {
    await renderPage();
    const instructor = section('Instructor');
    expect(within(instructor).getByLabelText('Name')).toHaveValue('Dr. Maya Raghunathan');
    expect(within(instructor).getByLabelText('Biography')).toHaveValue(
      sampleWorkshopContent.instructor.bio.join('\n\n'),
    );
    expect(within(instructor).getByText('The sample content: not edited yet')).toBeInTheDocument();
    expect(within(section('Testimonials')).getAllByRole('article')).toHaveLength(22);
    expect(within(section('Course outline')).getAllByRole('group')).toHaveLength(15);
    expect(
      within(section('Course outline')).getByText(
        'The workshop page promises 15 live sessions; this outline lists 15.',
      ),
    ).toBeInTheDocument();
  });

  it('saves an edited testimonial whole, from the version it was opened at', async () => {
    const { user } = await renderPage();
    const testimonials = section('Testimonials');
    await user.click(within(testimonials).getByRole('button', { name: 'Edit testimonial 1' }));
    const quote = within(testimonials).getByLabelText('Quote');
    await user.clear(quote);
    await fill(user, quote, 'Edited in the back office.');
    expect(within(testimonials).getByText('Unsaved changes')).toBeInTheDocument();
    await user.click(within(testimonials).getByRole('button', { name: 'Save testimonials' }));

    expect(
      await screen.findByText('Testimonials saved: the workshop page shows it now.'),
    ).toBeInTheDocument();
    const [put] = requestsTo(`${CONTENT}/testimonials`, 'PUT');
    const body = put!.body as { version: string; value: WorkshopContent['testimonials'] };
    expect(body.version).toBe('20270112093000000001');
    expect(body.value.items).toHaveLength(22);
    expect(body.value.items[0]).toEqual({
      ...sampleWorkshopContent.testimonials.items[0],
      quote: 'Edited in the back office.',
    });
    expect(body.value.items.slice(1)).toEqual(sampleWorkshopContent.testimonials.items.slice(1));
    // This tab's workshop page shows the saved list at once.
    expect(currentWorkshopContent()?.testimonials.items[0]?.quote).toBe(
      'Edited in the back office.',
    );
    expect(
      within(testimonials).getByText(/^Last saved by seller@example\.com/),
    ).toBeInTheDocument();
    expect(within(testimonials).getByText('No unsaved changes')).toBeInTheDocument();
  });

  it('moves, adds and removes testimonials with buttons, keeping focus on the list', async () => {
    const { user } = await renderPage();
    const testimonials = section('Testimonials');
    const [first, second] = sampleWorkshopContent.testimonials.items;

    const moveUp = within(testimonials).getByRole('button', {
      name: `Move testimonial 2 (${second!.name}) up`,
    });
    await user.click(moveUp);
    // Now first in the list, it can only go down: focus moves there.
    expect(
      within(testimonials).getByRole('button', {
        name: `Move testimonial 1 (${second!.name}) down`,
      }),
    ).toHaveFocus();

    await user.click(
      within(testimonials).getByRole('button', {
        name: `Remove testimonial 3 (${'Mei Lin Chen'})`,
      }),
    );
    await user.click(within(testimonials).getByRole('button', { name: 'Add a testimonial' }));
    const name = within(testimonials).getAllByLabelText('Name').at(-1)!;
    expect(name).toHaveFocus();
    await fill(user, name, 'Ravi Shankar');
    await fill(user, within(testimonials).getAllByLabelText('Role').at(-1)!, 'Consultant');
    await fill(user, within(testimonials).getAllByLabelText('Quote').at(-1)!, 'Superb.');
    await user.click(within(testimonials).getByRole('button', { name: 'Save testimonials' }));

    await vi.waitFor(() => expect(requestsTo(`${CONTENT}/testimonials`, 'PUT')).toHaveLength(1));
    const items = (
      requestsTo(`${CONTENT}/testimonials`, 'PUT')[0]!.body as {
        value: WorkshopContent['testimonials'];
      }
    ).value.items;
    expect(items.map((item) => item.name).slice(0, 3)).toEqual([
      second!.name,
      first!.name,
      'Lukas Brandt',
    ]);
    expect(items).toHaveLength(22);
    expect(items.at(-1)).toEqual({
      name: 'Ravi Shankar',
      role: 'Consultant',
      company: '',
      quote: 'Superb.',
    });
  });

  it('refuses what the server would, naming the field, and sends nothing', async () => {
    const { user } = await renderPage();
    const testimonials = section('Testimonials');
    await user.click(within(testimonials).getByRole('button', { name: 'Add a testimonial' }));
    await fill(
      user,
      within(testimonials).getAllByLabelText('Profile link').at(-1)!,
      'javascript:alert(1)',
    );
    await user.click(within(testimonials).getByRole('button', { name: 'Save testimonials' }));

    const name = within(testimonials).getAllByLabelText('Name').at(-1)!;
    await vi.waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAccessibleDescription('The name is required');
    expect(within(testimonials).getByText('Enter an https:// address')).toBeInTheDocument();
    expect(requestsTo(`${CONTENT}/testimonials`, 'PUT')).toHaveLength(0);
  });

  it('turns the outline’s lines into topics', async () => {
    const { user } = await renderPage();
    const outline = section('Course outline');
    const topics = within(outline).getAllByLabelText('Topics')[0]!;
    await user.clear(topics);
    await user.type(topics, '  First topic {enter}{enter}Second topic{enter}');
    await user.click(within(outline).getByRole('button', { name: 'Save course outline' }));
    await vi.waitFor(() => expect(requestsTo(`${CONTENT}/outline`, 'PUT')).toHaveLength(1));
    const body = requestsTo(`${CONTENT}/outline`, 'PUT')[0]!.body as {
      value: WorkshopContent['outline'];
    };
    expect(body.value.sessions[0]).toEqual({
      title: 'Wi-Fi 7 at a glance',
      topics: ['First topic', 'Second topic'],
    });
  });

  it('gives examples that are not the sample content itself', async () => {
    await renderPage();
    const instructor = section('Instructor');
    for (const label of ['Title', 'Photo description']) {
      const field = within(instructor).getByLabelText(label) as HTMLInputElement;
      expect(field.value).not.toBe('');
      expect(field).not.toHaveAccessibleDescription(expect.stringContaining(field.value));
    }
  });

  it('says so when another tab saved first, and loads the latest version on request', async () => {
    saveReply = () => ({ status: 409, data: { statusCode: 409, error: 'Conflict', message: '' } });
    const { user } = await renderPage();
    const instructor = section('Instructor');
    const title = within(instructor).getByLabelText('Title');
    await user.clear(title);
    await fill(user, title, 'Lead Instructor');
    await user.click(within(instructor).getByRole('button', { name: 'Save instructor' }));

    const alert = await within(instructor).findByRole('alert');
    expect(alert).toHaveTextContent('This section was saved elsewhere');
    const latest = savedContent({
      ...sampleWorkshopContent,
      instructor: { ...sampleWorkshopContent.instructor, title: 'Saved in another tab' },
    });
    latest.instructor.version = '20270112094000000003';
    contentReply = () => ({ status: 200, data: latest });
    await user.click(within(alert).getByRole('button', { name: 'Load the latest version' }));
    await vi.waitFor(() => expect(title).toHaveValue('Saved in another tab'));
    expect(within(instructor).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('uploads a new photo and shows its preview', async () => {
    const { user } = await renderPage();
    const instructor = section('Instructor');
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'maya.png', {
      type: 'image/png',
    });
    await user.upload(within(instructor).getByLabelText('Replace with a new image'), file);
    await vi.waitFor(() =>
      expect(within(instructor).getByAltText('Preview of the photo')).toHaveAttribute(
        'src',
        `/api/images/${IMAGE_ID}`,
      ),
    );
    // The picker names the file it took.
    expect(within(instructor).getByText('maya.png')).toBeInTheDocument();
    const [post] = requestsTo(IMAGES, 'POST');
    expect(post!.headers['Content-Type']).toBe('image/png');
    expect(post!.body).toBe(file);
    await user.click(within(instructor).getByRole('button', { name: 'Save instructor' }));
    await vi.waitFor(() => expect(requestsTo(`${CONTENT}/instructor`, 'PUT')).toHaveLength(1));
    const body = requestsTo(`${CONTENT}/instructor`, 'PUT')[0]!.body as {
      value: WorkshopContent['instructor'];
    };
    expect(body.value.photo).toEqual({
      src: `/api/images/${IMAGE_ID}`,
      alt: 'Portrait of Dr. Maya Raghunathan',
      width: 400,
      height: 400,
    });
  });

  it('refuses a file that is too large or not an image before uploading it', async () => {
    const { user } = await renderPage();
    const certificate = section('Certificate image');
    const picker = within(certificate).getByLabelText('Replace with a new image');
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await user.upload(picker, big);
    expect(within(certificate).getByRole('alert')).toHaveTextContent(
      'The image is larger than 2 MB; choose a smaller one.',
    );
    const svg = new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' });
    await userEvent.setup({ applyAccept: false }).upload(picker, svg);
    expect(within(certificate).getByRole('alert')).toHaveTextContent(
      'Choose a JPEG, PNG or WebP image.',
    );
    expect(requestsTo(IMAGES, 'POST')).toHaveLength(0);
  });

  it('offers to try again when the content cannot be loaded', async () => {
    contentReply = () => ({ status: 500 });
    const router = createMemoryRouter([{ path: '/', element: <ContentPage /> }]);
    renderWithQuery(<RouterProvider router={router} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The page content could not be loaded just now.');
    contentReply = () => ({ status: 200, data: savedContent() });
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Testimonials' })).toBeInTheDocument();
  });
});
