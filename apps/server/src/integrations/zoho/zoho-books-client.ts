/** Zoho Books contacts: look one up by e-mail, create one. */
import { ProviderRejectedError } from '../shared/provider-http';
import { contactCreatedSchema, contactListSchema, type ZohoContactSummary } from './wire';
import type { ZohoAccessToken } from './zoho-accounts';
import { callZoho } from './zoho-api';

export interface ZohoBooksSettings {
  /** e.g. https://www.zohoapis.in/books/v3 */
  baseUrl: string;
  organizationId: string;
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
      provider: 'zoho-books',
      method: 'GET',
      url: `${this.settings.baseUrl}/contacts?${query}`,
      schema: contactListSchema,
    });
    // Zoho's filter may match loosely; only an exact address counts.
    return answer.contacts.find((contact) => contact.email?.toLowerCase() === email.toLowerCase());
  }

  /** Creates the contact; when Zoho says it exists already, finds and returns that one. */
  async createContact(
    body: unknown,
    email: string,
  ): Promise<{ contact: ZohoContactSummary; created: boolean }> {
    const query = new URLSearchParams({ organization_id: this.settings.organizationId });
    try {
      const answer = await callZoho(this.token, {
        provider: 'zoho-books',
        method: 'POST',
        url: `${this.settings.baseUrl}/contacts?${query}`,
        body,
        schema: contactCreatedSchema,
        // Not repeated blindly: a lost answer could mean the contact exists.
        retries: 0,
      });
      return { contact: answer.contact, created: true };
    } catch (error) {
      if (error instanceof ProviderRejectedError && error.code === CONTACT_EXISTS) {
        const existing = await this.findContactByEmail(email);
        if (existing) return { contact: existing, created: false };
      }
      throw error;
    }
  }
}
