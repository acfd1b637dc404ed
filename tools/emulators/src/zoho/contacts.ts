/**
 * The Books organization's contacts, in memory: created through the API
 * (or the control API, to seed a returning buyer), listed with Books'
 * filters and paging, fetched by id. Contact names are unique regardless
 * of case, as Books insists; e-mail addresses need not be.
 */
import type { Clock } from '../clock';
import {
  type AddressRequest,
  type ContactRequest,
  type PersonRequest,
  checkContactRequest,
} from './contact-rules';
import { booksErrors } from './errors';
import type { IdSequence } from './ids';
import { booksTime } from './time';

export interface Address {
  attention: string;
  address: string;
  street2: string;
  state_code: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  phone: string;
  fax: string;
}

export interface ContactPerson {
  contact_person_id: string;
  salutation: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  mobile: string;
  is_primary_contact: boolean;
}

/** A contact as `GET /contacts/{id}` and the create answer show it. */
export interface Contact {
  contact_id: string;
  contact_name: string;
  company_name: string;
  contact_type: 'customer' | 'vendor';
  customer_sub_type: 'individual' | 'business';
  status: 'active';
  /** The primary contact person's, as Books shows them on the contact. */
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  mobile: string;
  gst_treatment?: string;
  gst_no?: string;
  place_of_contact?: string;
  currency_code: 'INR';
  payment_terms: 0;
  payment_terms_label: 'Due on Receipt';
  outstanding_receivable_amount: 0;
  billing_address: Address;
  shipping_address: Address;
  contact_persons: ContactPerson[];
  primary_contact_id: string;
  notes: string;
  created_time: string;
  last_modified_time: string;
}

/** The fields the list call returns for each contact. */
export type ContactSummary = Pick<
  Contact,
  | 'contact_id'
  | 'contact_name'
  | 'company_name'
  | 'contact_type'
  | 'customer_sub_type'
  | 'status'
  | 'first_name'
  | 'last_name'
  | 'email'
  | 'phone'
  | 'mobile'
  | 'gst_treatment'
  | 'place_of_contact'
  | 'currency_code'
  | 'outstanding_receivable_amount'
  | 'created_time'
  | 'last_modified_time'
> & { customer_name: string };

export interface PageContext {
  page: number;
  per_page: number;
  has_more_page: boolean;
  report_name: 'Contacts';
  applied_filter: 'Status.All';
  sort_column: 'contact_name';
  sort_order: 'A';
}

export interface ContactQuery {
  email?: string;
  contact_name?: string;
  contact_type?: string;
  search_text?: string;
  page?: string;
  per_page?: string;
}

/** Books pages lists by 200 at most. */
const MAX_PER_PAGE = 200;

function address(input: AddressRequest | undefined): Address {
  return {
    attention: input?.attention ?? '',
    address: input?.address ?? '',
    street2: input?.street2 ?? '',
    state_code: input?.state_code ?? '',
    city: input?.city ?? '',
    state: input?.state ?? '',
    zip: input?.zip ?? '',
    country: input?.country ?? '',
    phone: input?.phone ?? '',
    fax: input?.fax ?? '',
  };
}

function positiveInt(value: string | undefined, field: string, fallback: number, max: number) {
  if (value === undefined || value === '') return fallback;
  if (!/^\d+$/.test(value) || Number(value) < 1) throw booksErrors.invalidValue(field);
  return Math.min(Number(value), max);
}

export function summaryOf(contact: Contact): ContactSummary {
  return {
    contact_id: contact.contact_id,
    contact_name: contact.contact_name,
    customer_name: contact.contact_name,
    company_name: contact.company_name,
    contact_type: contact.contact_type,
    customer_sub_type: contact.customer_sub_type,
    status: contact.status,
    first_name: contact.first_name,
    last_name: contact.last_name,
    email: contact.email,
    phone: contact.phone,
    mobile: contact.mobile,
    ...(contact.gst_treatment ? { gst_treatment: contact.gst_treatment } : {}),
    ...(contact.place_of_contact ? { place_of_contact: contact.place_of_contact } : {}),
    currency_code: contact.currency_code,
    outstanding_receivable_amount: contact.outstanding_receivable_amount,
    created_time: contact.created_time,
    last_modified_time: contact.last_modified_time,
  };
}

export class ContactBook {
  /** In creation order. */
  private readonly contacts = new Map<string, Contact>();
  private readonly idsByName = new Map<string, string>();

  constructor(
    private readonly deps: { clock: Clock; contactIds: IdSequence; personIds: IdSequence },
  ) {}

  /** Validates and stores a new contact; a taken name is refused with 3062. */
  create(body: unknown): Contact {
    const request = checkContactRequest(body);
    const key = nameKey(request.contact_name);
    if (this.idsByName.has(key)) throw booksErrors.duplicateName();
    const contact = this.build(request);
    this.contacts.set(contact.contact_id, contact);
    this.idsByName.set(key, contact.contact_id);
    return structuredClone(contact);
  }

  get(id: string): Contact {
    const contact = this.contacts.get(id);
    if (!contact) throw booksErrors.contactNotFound();
    return structuredClone(contact);
  }

  /**
   * `GET /contacts` with Books' filters: `email` matches the primary
   * contact person's address exactly (any case), `contact_name` the name
   * exactly, `search_text` a part of the name or e-mail, `contact_type`
   * customers or vendors. Sorted by name, paged.
   */
  list(query: ContactQuery): { contacts: ContactSummary[]; page_context: PageContext } {
    const page = positiveInt(query.page, 'page', 1, Number.MAX_SAFE_INTEGER);
    const perPage = positiveInt(query.per_page, 'per_page', MAX_PER_PAGE, MAX_PER_PAGE);
    const type = query.contact_type;
    if (type !== undefined && type !== '' && type !== 'customer' && type !== 'vendor')
      throw booksErrors.invalidValue('contact_type');
    const email = query.email?.trim().toLowerCase();
    const name = query.contact_name?.trim().toLowerCase();
    const search = query.search_text?.trim().toLowerCase();

    const matches = [...this.contacts.values()]
      .filter((contact) => !type || contact.contact_type === type)
      .filter((contact) => !email || contact.email.toLowerCase() === email)
      .filter((contact) => !name || contact.contact_name.toLowerCase() === name)
      .filter(
        (contact) =>
          !search ||
          contact.contact_name.toLowerCase().includes(search) ||
          contact.email.toLowerCase().includes(search),
      )
      .sort((a, b) => a.contact_name.localeCompare(b.contact_name));
    const start = (page - 1) * perPage;
    return {
      contacts: matches.slice(start, start + perPage).map(summaryOf),
      page_context: {
        page,
        per_page: perPage,
        has_more_page: matches.length > start + perPage,
        report_name: 'Contacts',
        applied_filter: 'Status.All',
        sort_column: 'contact_name',
        sort_order: 'A',
      },
    };
  }

  /** Every contact, newest first (control API and pages). */
  all(): Contact[] {
    return [...this.contacts.values()].reverse().map((contact) => structuredClone(contact));
  }

  clear(): void {
    this.contacts.clear();
    this.idsByName.clear();
  }

  private build(request: ContactRequest): Contact {
    const now = booksTime(this.deps.clock());
    const persons = (request.contact_persons ?? []).map((person, index, all) =>
      this.person(person, index, all),
    );
    const primary = persons.find((person) => person.is_primary_contact);
    return {
      contact_id: this.deps.contactIds.take(),
      contact_name: request.contact_name,
      company_name: request.company_name ?? '',
      contact_type: request.contact_type,
      customer_sub_type: request.customer_sub_type,
      status: 'active',
      first_name: primary?.first_name ?? '',
      last_name: primary?.last_name ?? '',
      email: primary?.email ?? '',
      phone: primary?.phone ?? '',
      mobile: primary?.mobile ?? '',
      ...(request.gst_treatment ? { gst_treatment: request.gst_treatment } : {}),
      ...(request.gst_no ? { gst_no: request.gst_no } : {}),
      ...(request.place_of_contact ? { place_of_contact: request.place_of_contact } : {}),
      currency_code: 'INR',
      payment_terms: 0,
      payment_terms_label: 'Due on Receipt',
      outstanding_receivable_amount: 0,
      billing_address: address(request.billing_address),
      shipping_address: address(request.shipping_address),
      contact_persons: persons,
      primary_contact_id: primary?.contact_person_id ?? '',
      notes: request.notes ?? '',
      created_time: now,
      last_modified_time: now,
    };
  }

  private person(person: PersonRequest, index: number, all: PersonRequest[]): ContactPerson {
    const anyPrimary = all.some((candidate) => candidate.is_primary_contact === true);
    return {
      contact_person_id: this.deps.personIds.take(),
      salutation: person.salutation ?? '',
      first_name: person.first_name ?? '',
      last_name: person.last_name ?? '',
      email: person.email ?? '',
      phone: person.phone ?? '',
      mobile: person.mobile ?? '',
      is_primary_contact: anyPrimary ? person.is_primary_contact === true : index === 0,
    };
  }
}

function nameKey(name: string): string {
  return name.trim().toLowerCase();
}
