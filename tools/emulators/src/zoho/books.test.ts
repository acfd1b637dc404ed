import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Emulators } from '../app';
import {
  ManualClock,
  ZOHO,
  contactBody,
  startEmulators,
  zohoClient,
  zohoToken,
} from '../test-support/harness';

let emulators: Emulators;
let call: ReturnType<typeof zohoClient>;

const ORG = `organization_id=${ZOHO.organizationId}`;

beforeEach(async () => {
  emulators = await startEmulators({ clock: new ManualClock().read });
  call = zohoClient(emulators, await zohoToken(emulators, 'books'));
});

afterEach(async () => {
  await emulators.app.close();
});

async function create(body: unknown = contactBody()) {
  return call({ url: `/books/v3/contacts?${ORG}`, body });
}

describe('Zoho Books: authorization and organization', () => {
  it('requires a Zoho-oauthtoken that Zoho issued', async () => {
    const expected = { code: 57, message: 'You are not authorized to perform this operation' };
    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'Zoho-oauthtoken 1000.made.up' },
      { authorization: 'Bearer 1000.made.up' },
    ];
    for (const headers of attempts) {
      const response = await zohoClient(
        emulators,
        undefined,
      )({ url: `/books/v3/contacts?${ORG}`, headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(expected);
    }
    // The real token, under another scheme, is refused too.
    const token = await zohoToken(emulators, 'books');
    const bearer = await zohoClient(
      emulators,
      undefined,
    )({ url: `/books/v3/contacts?${ORG}`, headers: { authorization: `Bearer ${token}` } });
    expect(bearer.statusCode).toBe(401);
  });

  it('requires the organization id, and the right one', async () => {
    const missing = await call({ url: '/books/v3/contacts?email=a%40b.in' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      code: 6024,
      message: expect.stringContaining('CompanyID/CompanyName is required'),
    });
    const wrong = await call({ url: '/books/v3/contacts?organization_id=60000000002' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      code: 6041,
      message: 'This user is not associated with the CompanyID/CompanyName:60000000002.',
    });
    const created = await call({ url: '/books/v3/contacts', body: contactBody() });
    expect(created.statusCode).toBe(400);
    expect(emulators.zoho.contacts.all()).toEqual([]);
  });

  it('answers an unknown path in the envelope', async () => {
    const response = await call({ url: `/books/v3/contactz?${ORG}` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 5, message: 'Invalid URL Passed' });
  });
});

describe('Zoho Books: create a contact', () => {
  it('answers 201 with the contact in the envelope', async () => {
    const response = await create();
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      code: 0,
      message: 'The contact has been added.',
      contact: {
        contact_id: expect.stringMatching(/^\d{15}$/),
        contact_name: 'Asha Rao',
        contact_type: 'customer',
        customer_sub_type: 'individual',
        status: 'active',
        gst_treatment: 'consumer',
        place_of_contact: 'KA',
        email: 'asha@example.in',
        first_name: 'Asha',
        last_name: 'Rao',
        billing_address: {
          address: '12 MG Road',
          city: 'Bengaluru',
          state: 'Karnataka',
          zip: '560001',
          country: 'India',
        },
        contact_persons: [
          {
            contact_person_id: expect.stringMatching(/^\d{15}$/),
            first_name: 'Asha',
            last_name: 'Rao',
            email: 'asha@example.in',
            is_primary_contact: true,
          },
        ],
        created_time: '2025-03-10T21:30:00+0530',
      },
    });
    expect(body.contact.primary_contact_id).toBe(body.contact.contact_persons[0].contact_person_id);

    const fetched = await call({ url: `/books/v3/contacts/${body.contact.contact_id}?${ORG}` });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.json()).toEqual({ code: 0, message: 'success', contact: body.contact });
  });

  it('accepts an empty street, as the server sends when the buyer gives none', async () => {
    const body = contactBody();
    body.billing_address.address = '';
    expect((await create(body)).statusCode).toBe(201);
  });

  it('refuses a taken name (any case) with 3062, and takes a distinct one', async () => {
    expect((await create()).statusCode).toBe(201);
    const duplicate = await create(contactBody({ name: 'ASHA RAO', email: 'other@example.in' }));
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()).toEqual({
      code: 3062,
      message: 'The contact already exists. Please specify a different name',
    });
    const distinct = await create({
      ...contactBody({ email: 'other@example.in' }),
      contact_name: 'Asha Rao (other@example.in)',
    });
    expect(distinct.statusCode).toBe(201);
    expect(emulators.zoho.contacts.all()).toHaveLength(2);
  });

  it('checks the fields the way Books does, one problem at a time', async () => {
    const base = contactBody();
    const cases: [unknown, number, string][] = [
      [{ ...base, contact_name: undefined }, 2, 'Invalid value passed for contact_name'],
      [{ ...base, contact_name: '   ' }, 2, 'Invalid value passed for contact_name'],
      [
        { ...base, contact_name: 'x'.repeat(201) },
        2,
        'Please ensure that the contact_name has less than 201 characters.',
      ],
      [{ ...base, contact_type: 'lead' }, 2, 'Invalid value passed for contact_type'],
      [{ ...base, customer_sub_type: 'person' }, 2, 'Invalid value passed for customer_sub_type'],
      [{ ...base, gst_treatment: 'gst' }, 2, 'Invalid value passed for gst_treatment'],
      [{ ...base, place_of_contact: 'Karnataka' }, 2, 'Invalid value passed for place_of_contact'],
      [{ ...base, place_of_contact: 'XX' }, 2, 'Invalid value passed for place_of_contact'],
      [
        { ...base, gst_treatment: 'overseas', place_of_contact: 'KA' },
        2,
        'Invalid value passed for place_of_contact',
      ],
      [{ ...base, gst_treatment: 'business_gst' }, 2, 'Invalid value passed for gst_no'],
      [{ ...base, gst_no: '29ABCDE1234F1Z5' }, 2, 'Invalid value passed for gst_no'],
      [
        { ...base, contact_persons: [{ ...base.contact_persons[0], email: 'not-an-address' }] },
        2,
        'Invalid value passed for contact_persons.email',
      ],
      [
        { ...base, contact_persons: [{ first_name: 'Asha', is_primary_contact: true }] },
        2,
        'Invalid value passed for contact_persons.email',
      ],
      [
        {
          ...base,
          contact_persons: [
            base.contact_persons[0],
            { ...base.contact_persons[0], email: 'b@x.in' },
          ],
        },
        2,
        'Invalid value passed for contact_persons.is_primary_contact',
      ],
      [
        { ...base, billing_address: { ...base.billing_address, city: 42 } },
        2,
        'Invalid value passed for billing_address.city',
      ],
      [[base], 4, 'Invalid value passed for JSONString'],
    ];
    for (const [body, code, message] of cases) {
      const response = await create(body);
      expect(response.statusCode, message).toBe(400);
      expect(response.json(), message).toEqual({ code, message });
    }
    expect(emulators.zoho.contacts.all()).toEqual([]);
  });

  it('takes a GSTIN with business_gst, and makes the first person primary when none is marked', async () => {
    const response = await create({
      contact_name: 'Zylker Networks',
      customer_sub_type: 'business',
      gst_treatment: 'business_gst',
      gst_no: '29ABCDE1234F1Z5',
      place_of_contact: 'KA',
      contact_persons: [{ first_name: 'Ravi', email: 'ravi@zylker.in' }, { first_name: 'Meena' }],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().contact).toMatchObject({
      gst_no: '29ABCDE1234F1Z5',
      email: 'ravi@zylker.in',
      contact_persons: [{ is_primary_contact: true }, { is_primary_contact: false }],
    });
  });

  it('answers malformed JSON in the envelope', async () => {
    const response = await zohoClient(
      emulators,
      await zohoToken(emulators, 'books'),
    )({
      method: 'POST',
      url: `/books/v3/contacts?${ORG}`,
      headers: { 'content-type': 'application/json' },
      body: undefined,
    });
    expect(response.statusCode).toBe(400);
    const broken = await emulators.app.inject({
      method: 'POST',
      url: `/zoho/books/v3/contacts?${ORG}`,
      headers: {
        authorization: `Zoho-oauthtoken ${await zohoToken(emulators, 'books')}`,
        'content-type': 'application/json',
      },
      payload: '{"contact_name": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ code: 4, message: 'Invalid value passed for JSONString' });
  });

  it('also takes the body as a JSONString form field', async () => {
    const response = await emulators.app.inject({
      method: 'POST',
      url: `/zoho/books/v3/contacts?${ORG}`,
      headers: {
        authorization: `Zoho-oauthtoken ${await zohoToken(emulators, 'books')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({ JSONString: JSON.stringify(contactBody()) }).toString(),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().contact.contact_name).toBe('Asha Rao');
  });
});

describe('Zoho Books: look contacts up', () => {
  it('finds a contact by its primary person’s e-mail, in any case', async () => {
    const created = (await create()).json().contact;
    await create(contactBody({ name: 'Vikram Iyer', email: 'vikram@example.in' }));
    const response = await call({
      url: `/books/v3/contacts?${ORG}&email=ASHA%40example.in&contact_type=customer`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      code: 0,
      message: 'success',
      contacts: [
        expect.objectContaining({
          contact_id: created.contact_id,
          contact_name: 'Asha Rao',
          customer_name: 'Asha Rao',
          company_name: '',
          contact_type: 'customer',
          status: 'active',
          email: 'asha@example.in',
          first_name: 'Asha',
          last_name: 'Rao',
        }),
      ],
      page_context: {
        page: 1,
        per_page: 200,
        has_more_page: false,
        report_name: 'Contacts',
        applied_filter: 'Status.All',
        sort_column: 'contact_name',
        sort_order: 'A',
      },
    });
  });

  it('answers an empty list (code 0, not 404) when no contact has the e-mail', async () => {
    await create();
    for (const email of ['nobody%40example.in', 'asha%40example']) {
      const response = await call({ url: `/books/v3/contacts?${ORG}&email=${email}` });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ code: 0, message: 'success', contacts: [] });
    }
  });

  it('filters by contact type and pages the list', async () => {
    for (const name of ['Chitra B', 'Arjun C', 'Bala D'])
      await create(contactBody({ name, email: `${name[0]}@example.in` }));
    await create({
      ...contactBody({ name: 'Vendor V', email: 'v@example.in' }),
      contact_type: 'vendor',
    });
    const vendors = await call({ url: `/books/v3/contacts?${ORG}&contact_type=vendor` });
    expect(vendors.json().contacts.map((c: { contact_name: string }) => c.contact_name)).toEqual([
      'Vendor V',
    ]);
    const first = await call({
      url: `/books/v3/contacts?${ORG}&contact_type=customer&per_page=2`,
    });
    expect(first.json().contacts.map((c: { contact_name: string }) => c.contact_name)).toEqual([
      'Arjun C',
      'Bala D',
    ]);
    expect(first.json().page_context).toMatchObject({ page: 1, per_page: 2, has_more_page: true });
    const second = await call({
      url: `/books/v3/contacts?${ORG}&contact_type=customer&per_page=2&page=2`,
    });
    expect(second.json().contacts.map((c: { contact_name: string }) => c.contact_name)).toEqual([
      'Chitra B',
    ]);
    expect(second.json().page_context.has_more_page).toBe(false);
    const bad = await call({ url: `/books/v3/contacts?${ORG}&page=0` });
    expect(bad.json()).toEqual({ code: 2, message: 'Invalid value passed for page' });
  });

  it('answers 1002 for an unknown contact id', async () => {
    const response = await call({ url: `/books/v3/contacts/460000000000000?${ORG}` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 1002, message: 'Contact does not exist.' });
  });

  it('seeds a contact through the control API, with the same rules', async () => {
    const seeded = await emulators.app.inject({
      method: 'POST',
      url: '/zoho/_control/contacts',
      payload: contactBody(),
    });
    expect(seeded.statusCode).toBe(201);
    const again = await emulators.app.inject({
      method: 'POST',
      url: '/zoho/_control/contacts',
      payload: contactBody(),
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      error: 'The contact already exists. Please specify a different name',
      code: 3062,
    });
    const found = await call({ url: `/books/v3/contacts?${ORG}&email=asha%40example.in` });
    expect(found.json().contacts).toHaveLength(1);
    const listed = await emulators.app.inject({ method: 'GET', url: '/zoho/_control/contacts' });
    expect(listed.json().contacts[0].contact_id).toBe(seeded.json().contact.contact_id);
    // Control calls are not recorded as provider requests.
    expect(emulators.zoho.requests.list({ path: '/_control' })).toEqual([]);
  });

  it('records what the server sent, without the token', async () => {
    await create();
    const [recorded] = emulators.zoho.requests.list({ service: 'books', method: 'POST' });
    expect(recorded).toMatchObject({
      path: '/books/v3/contacts',
      query: { organization_id: ZOHO.organizationId },
      headers: {
        contentType: 'application/json',
        accept: 'application/json',
        authorization: { present: true, scheme: 'Zoho-oauthtoken' },
      },
      body: contactBody(),
      statusCode: 201,
      fault: null,
    });
    expect(JSON.stringify(recorded)).not.toContain('1000.');
  });
});
