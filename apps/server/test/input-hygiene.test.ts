/**
 * Text the database cannot store (NUL) or encode (an unpaired UTF-16
 * surrogate), and webhook bodies that are not JSON objects, are refused with
 * 400 before anything is stored or sent to a provider.
 */
import { apiRoutes, LOG_TOKEN_HEADER } from '@wifi7/contract';
import { describe, expect, it } from 'vitest';
import { signZohoWebhook } from '../src/integrations/zoho/webhook-signature';
import { testEnv } from './support/app';
import { signedInBuyer } from './support/auth-emulator';
import { databaseKinds } from './support/databases';
import { useStack } from './support/stack';
import { stateSnapshot } from './support/state';

const NUL = '\u0000';
const LONE_HIGH = '\uD800';
const LONE_LOW = '\uDC00';

describe.each(databaseKinds)('input hygiene on %s', (kind) => {
  const env = useStack(kind);

  const call = (method: string, path: string, body?: unknown, headers = {}) =>
    fetch(`${env.stack.appUrl}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const snapshot = () => stateSnapshot(env.database.handle.db, env.stack.emulators);
  const expectRefused = async (response: Response, field: string) => {
    expect(response.status).toBe(400);
    const body = (await response.json()) as { issues?: { path: string }[] };
    expect(body.issues?.map((issue) => issue.path)).toContain(field);
  };

  it('refuses NUL and unpaired surrogates in public request bodies, naming the field', async () => {
    const before = await snapshot();
    for (const bad of [NUL, LONE_HIGH, LONE_LOW]) {
      await expectRefused(
        await call('POST', apiRoutes.pricing, {
          productSkus: ['WIFI7-LIVE'],
          countryCode: 'US',
          discountCode: `SAVE${bad}10`,
        }),
        'discountCode',
      );
      await expectRefused(
        await call('POST', apiRoutes.pricing, {
          productSkus: [`WIFI7${bad}`],
          countryCode: 'US',
          discountCode: null,
        }),
        'productSkus.0',
      );
      await expectRefused(
        await call('POST', apiRoutes.autoEnrollment, { userEmail: `a${bad}@example.com` }),
        'userEmail',
      );
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses them in a signed-in buyer’s bodies before Zoho or PayPal is asked', async () => {
    const { email, idToken } = await signedInBuyer('hygiene');
    const auth = { authorization: `Bearer ${idToken}` };
    const contact = (city: string) => ({
      contact_name: 'Asha Rao',
      contact_type: 'customer',
      customer_sub_type: 'individual',
      gst_treatment: 'consumer',
      place_of_contact: 'Karnataka',
      contact_persons: [{ first_name: 'Asha', last_name: 'Rao', email, is_primary_contact: true }],
      billing_address: {
        address: '12 MG Road',
        city,
        state: 'Karnataka',
        zip: '560001',
        country: 'India',
      },
    });
    const invoice = (firstName: string) => ({
      userEmail: email,
      selfLearn: false,
      courseInfo: [{ productSku: 'WIFI7-LIVE', productName: 'Wi-Fi 7', batchId: 'B-JAN' }],
      billingInformation: {
        firstName,
        lastName: 'Lovelace',
        country: 'United States',
        state: '',
        city: 'Boston',
        zipcode: '02110',
        isoCode: 'US',
      },
      discountCode: null,
    });
    const before = await snapshot();
    for (const bad of [NUL, LONE_HIGH]) {
      await expectRefused(
        await call('POST', apiRoutes.zohoContacts, contact(`Bengaluru${bad}`), auth),
        'billing_address.city',
      );
      await expectRefused(
        await call('POST', apiRoutes.paypalInvoice, invoice(`Ada${bad}`), auth),
        'billingInformation.firstName',
      );
      await expectRefused(
        await call(
          'POST',
          apiRoutes.zohoCheckout,
          {
            productSkuList: ['WIFI7-LIVE'],
            email,
            description: 'Payment for Wi-Fi 7 Live Online Workshop',
            discountCode: null,
            batchId: `B-JAN${bad}`,
            returnUrl: `${testEnv.PUBLIC_SITE_URL}/checkout/zoho-payment-status`,
          },
          auth,
        ),
        'batchId',
      );
      await expectRefused(
        await call(
          'PUT',
          apiRoutes.appliedDiscount,
          { productSku: 'WIFI7-LIVE', discountCode: `SAVE10${bad}` },
          auth,
        ),
        'discountCode',
      );
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a NUL in the contact look-up path, and bad bytes there, without a 5xx', async () => {
    const { idToken } = await signedInBuyer('hygiene');
    const auth = { authorization: `Bearer ${idToken}` };
    const lookUp = (encoded: string) =>
      call('GET', apiRoutes.zohoContactByEmail.replace(':email', encoded), undefined, auth);
    await expectRefused(await lookUp('a%00b%40example.com'), 'email');
    expect((await lookUp('a%ED%A0%80b%40example.com')).status).toBe(400);
    expect((await lookUp('a%FFb%40example.com')).status).toBe(400);
  });

  it('refuses them in a browser log line, and survives odd bytes in the token header', async () => {
    const { token } = (await (await call('GET', apiRoutes.webLogsToken)).json()) as {
      token: string;
    };
    for (const bad of [NUL, LONE_HIGH]) {
      await expectRefused(
        await call(
          'POST',
          apiRoutes.webLogsPush,
          { message: `hello${bad}` },
          {
            [LOG_TOKEN_HEADER]: token,
          },
        ),
        'message',
      );
    }
    for (const header of ['v1.\u00ff.\u00e9.x', `${token}\u00ff`, 'v1.1.2.3.4', '....']) {
      const response = await call(
        'POST',
        apiRoutes.webLogsPush,
        { message: 'x' },
        {
          [LOG_TOKEN_HEADER]: header,
        },
      );
      expect(response.status).toBe(403);
    }
  });

  const paypalHeaders = () => ({
    'paypal-transmission-id': 'abc',
    'paypal-transmission-time': new Date().toISOString(),
    'paypal-transmission-sig': 'Zm9yZ2Vk',
    'paypal-cert-url': `${env.stack.emulatorsUrl}/paypal/v1/notifications/certs/x`,
    'paypal-auth-algo': 'SHA256withRSA',
  });
  const notObjects = ['null', '42', '"x"', '[]', '[{"id":"WH-1"}]', 'true', 'not json', '{', ''];

  it.each([
    ['paypal', () => paypalHeaders()],
    [
      'zoho',
      (body: string) => ({
        'x-zoho-webhook-signature': signZohoWebhook(
          body,
          testEnv.ZOHO_PAYMENTS_WEBHOOK_SIGNING_KEY,
        ),
      }),
    ],
  ] as const)(
    'answers 400 to a %s webhook that is not a JSON object, asking no one',
    async (provider, headersFor) => {
      const before = await snapshot();
      const post = (body: string, contentType: string | undefined) =>
        fetch(`${env.stack.appUrl}/api/webhooks/${provider}`, {
          method: 'POST',
          headers: { ...(contentType ? { 'content-type': contentType } : {}), ...headersFor(body) },
          body,
        });
      for (const body of notObjects) {
        expect([body, (await post(body, 'application/json')).status]).toEqual([body, 400]);
      }
      const object = '{"id":"WH-1","event_type":"INVOICING.INVOICE.PAID"}';
      for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', undefined]) {
        expect([contentType, (await post(object, contentType)).status]).toEqual([contentType, 400]);
      }
      expect(await snapshot()).toEqual(before);
    },
  );
});
