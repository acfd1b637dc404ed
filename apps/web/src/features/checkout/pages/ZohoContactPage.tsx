/**
 * /checkout/zoho-contact (spec section 2, "India contact page", and section
 * 4, "India contact"): when the buyer already has a Zoho Books contact, go
 * straight to the payment link page; otherwise ask for the details, create
 * the contact, then continue.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { remoteLog } from '../../../lib/remote-log';
import { toast } from '../../../lib/toasts';
import '../../../lib/zod-english';
import { useAuth } from '../../auth';
import { useCartStore } from '../../cart';
import { zohoContactIdQuery, zohoContactMutation } from '../api/zoho';
import { ContactForm } from '../components/ContactForm';
import { Card, Loading, PageFrame } from '../components/PageFrame';
import { errorName } from '../../../lib/error-name';
import { toContactRequest, type ContactFormValues } from '../lib/contact-request';
import { rememberZohoUserEmail } from '../lib/zoho-user-email';
import { checkoutTexts } from '../texts';

export function ZohoContactPage() {
  const hasItems = useCartStore((state) => state.cartItems.length > 0);
  const { user } = useAuth();
  if (!hasItems) return <Navigate to={paths.workshop} replace />;
  return <ContactStep email={user?.email ?? ''} />;
}

function logLookupFailure(error: unknown) {
  // Spec section 7: a look-up error is ignored and the form is shown.
  void remoteLog.info(`checkout: zoho contact look-up failed (${errorName(error)})`);
}

function ContactStep({ email }: { email: string }) {
  const navigate = useNavigate();
  const lookup = useQuery(zohoContactIdQuery(email, logLookupFailure));
  const contactId = lookup.data;
  const create = useMutation(zohoContactMutation);

  // A known contact goes straight on, once (StrictMode runs this effect twice).
  const wentOn = useRef(false);
  useEffect(() => {
    if (!contactId || wentOn.current) return;
    wentOn.current = true;
    rememberZohoUserEmail(email);
    toast.success(checkoutTexts.contact.found);
    void navigate(paths.zoho, { replace: true });
  }, [contactId, email, navigate]);

  const submit = async (values: ContactFormValues) => {
    try {
      await create.mutateAsync(toContactRequest(values, email));
    } catch (error) {
      void remoteLog.warning(`checkout: zoho contact creation failed (${errorName(error)})`);
      // Said once: the form shows it beside its buttons (no toast as well).
      return;
    }
    rememberZohoUserEmail(email);
    toast.success(checkoutTexts.contact.created);
    void navigate(paths.zoho);
  };

  return (
    <PageFrame
      title={checkoutTexts.contact.title}
      lead="Your billing details for the invoice in India. You enter them only once."
    >
      <Card>
        {lookup.isPending || contactId ? (
          <Loading label="Checking your contact details…" />
        ) : (
          <ContactForm
            email={email}
            submitError={create.isError ? checkoutTexts.contact.failed : null}
            onSubmit={submit}
            onCancel={() => void navigate(paths.workshop)}
          />
        )}
      </Card>
    </PageFrame>
  );
}
