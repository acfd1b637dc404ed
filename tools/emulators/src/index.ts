/**
 * What other workspaces may use to run the emulators in-process (server
 * integration tests, browser-test setup): build them, and the option and
 * handle types. Code under test must still reach them only over HTTP.
 */
export { buildEmulators, type EmulatorOptions, type Emulators } from './app';
export type { PaypalOptions } from './paypal/config';
export { selfSignedCertificate } from './paypal/signing';
export type { PaypalEmulator } from './paypal/emulator';
export type { DeliveryAttempt } from './paypal/webhooks';
export type { RecordedRequest } from './paypal/request-log';
export type { Invoice, InvoiceStatus, WebhookEvent } from './paypal/types';
export type { ZohoOptions } from './zoho/config';
export type { ZohoEmulator } from './zoho/emulator';
export type { ZohoDeliveryAttempt, ZohoEvent } from './zoho/webhooks';
export type { ZohoRecordedRequest } from './zoho/request-log';
export type { LinkStatus, PaymentLink, ZohoEventType } from './zoho/payment-link-types';
export type { Contact } from './zoho/contacts';
export type { PortalOptions, PortalReceiver } from './portal/portal';
export type { Enrollment, PortalRequest } from './portal/state';
export type { FaultMode, FaultRule } from './faults';
export type { InboxMessage, MessageAttachment } from './inbox/inbox';
export type { SmtpReceiver } from './smtp/receiver';
