/**
 * Buyers who never open a browser: an address proven through the Auth
 * Emulator's e-mail-link flow (the code asked for with the emulator's admin
 * token, as the web app's link would carry it) and a checkout through the
 * API, as a script hoarding seats would do it.
 */
import { apiRoutes } from '@wifi7/contract';
import { authEmulatorUrl, siteUrl } from './urls';

/** config/test.env's FIREBASE_WEB_API_KEY. */
const API_KEY = 'demo-api-key';

async function identityToolkit<T>(method: string, body: unknown, admin = false): Promise<T> {
  const response = await fetch(
    `${authEmulatorUrl}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=${API_KEY}`,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(admin ? { authorization: 'Bearer owner' } : {}),
      },
      body: JSON.stringify(body),
    },
  );
  if (!response.ok) throw new Error(`Auth Emulator ${method}: ${response.status}`);
  return (await response.json()) as T;
}

/** A proven address's ID token. */
export async function idTokenFor(email: string): Promise<string> {
  const { oobCode } = await identityToolkit<{ oobCode: string }>(
    'sendOobCode',
    {
      requestType: 'EMAIL_SIGNIN',
      email,
      continueUrl: `${siteUrl}/`,
      canHandleCodeInApp: true,
      returnOobLink: true,
    },
    true,
  );
  const { idToken } = await identityToolkit<{ idToken: string }>('signInWithEmailLink', {
    email,
    oobCode,
  });
  return idToken;
}

/** Checks out a seat of `batchId` by PayPal invoice for `email`; answers the HTTP status. */
export async function checkoutByApi(email: string, batchId: string): Promise<number> {
  const response = await fetch(`${siteUrl}${apiRoutes.paypalInvoice}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${await idTokenFor(email)}`,
    },
    body: JSON.stringify({
      userEmail: email,
      selfLearn: false,
      courseInfo: [
        { productSku: 'WIFI7-LIVE', productName: 'Wi-Fi 7 Live Online Workshop', batchId },
      ],
      billingInformation: {
        firstName: 'Hoarder',
        lastName: 'Bot',
        country: 'United States',
        state: 'New York',
        city: 'New York',
        zipcode: '10001',
        isoCode: 'US',
      },
      discountCode: null,
    }),
  });
  return response.status;
}
