/** Zoho Books contacts: look one up by e-mail, create one. */
import { ProviderRejectedError } from '../shared/provider-http';
import { contactCreatedSchema, contactListSchema, type ZohoContactSummary } from './wire';
import type { ZohoAccessToken } from './zoho-accounts';
import { callZoho } from './zoho-api';

export interface ZohoBooksSettings {
  /** e.g. https://www.zohoapis.in/books/v3 */
  baseUrl: string;
  organizationId: string;
  timeoutMs?: number;
}

/** Zoho's answer to a duplicate contact name. */
const CONTACT_EXISTS = '3062';

export class ZohoBooksClient {
  constructor(
    private readonly settings: ZohoBooksSettings,
    private readonly token: ZohoAccessToken,
  ) {}

  async findContactByEmail(email: string): Promise<ZohoContactSummary | undefined> {
    const query = new URLSearchParams({
      organization_id: this.settings.organizationId,
      email,
      contact_type: 'customer',
    });
    const answer = await callZoho(this.token, {
      timeoutMs: this.settings.timeoutMs,
      provider: 'zoho-books',
      method: 'GET',
      url: `${this.settings.baseUrl}/contacts?${query}`,
      schema: contactListSchema,
    });
    // Zoho's filter may match loosely; only an exact address counts.
    return answer.contacts.find((contact) => contact.email?.toLowerCase() === email.toLowerCase());
  }

  /**
   * Creates the contact. Zoho wants unique contact names: when the name is
   * taken, the buyer's own existing contact is reused, or else (another
   * person of the same name) the contact is created with the e-mail added
   * to the name.
   */
  async createContact(
    body: { contact_name: string } & Record<string, unknown>,
    email: string,
  ): Promise<{ contact: ZohoContactSummary; created: boolean }> {
    try {
      return { contact: await this.postContact(body), created: true };
    } catch (error) {
      if (!(error instanceof ProviderRejectedError && error.code === CONTACT_EXISTS)) throw error;
      const existing = await this.findContactByEmail(email);
      if (existing) return { contact: existing, created: false };
      const distinct = { ...body, contact_name: `${body.contact_name} (${email})`.slice(0, 200) };
      return { contact: await this.postContact(distinct), created: true };
    }
  }

  private async postContact(body: unknown): Promise<ZohoContactSummary> {
    const query = new URLSearchParams({ organization_id: this.settings.organizationId });
    const answer = await callZoho(this.token, {
      timeoutMs: this.settings.timeoutMs,
      provider: 'zoho-books',
      method: 'POST',
      url: `${this.settings.baseUrl}/contacts?${query}`,
      body,
      schema: contactCreatedSchema,
      // Not repeated blindly: a lost answer could mean the contact exists.
      retries: 0,
    });
    return answer.contact;
  }
}
