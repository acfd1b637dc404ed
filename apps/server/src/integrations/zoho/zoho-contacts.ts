/**
 * The Zoho rail's buyer contacts: a buyer in India needs a Zoho Books
 * contact before paying. Looked up by e-mail, or created.
 */
import type { BuyerContacts, NewBuyerContact } from '../../orders/rail-port';
import { inRailTerms } from '../shared/rail-errors';
import { buyerContactOf, contactBodyFor } from './link-mapping';
import type { ZohoBooksClient } from './zoho-books-client';

export class ZohoBooksContacts implements BuyerContacts {
  constructor(private readonly books: ZohoBooksClient) {}

  findByEmail(email: string) {
    return inRailTerms(async () => {
      const found = await this.books.findContactByEmail(email);
      return found ? buyerContactOf(found) : undefined;
    });
  }

  create(contact: NewBuyerContact) {
    return inRailTerms(async () => {
      const result = await this.books.createContact(contactBodyFor(contact), contact.email);
      return { contact: buyerContactOf(result.contact), created: result.created };
    });
  }
}
