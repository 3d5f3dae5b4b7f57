import { useState } from 'react';
import { Link } from 'react-router';
import { CONTACT_LIMITS, contactFormSchema } from '@trustlinks/contract/contact';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Container } from '../../../components/ui/container';
import { TextAreaField, TextField } from '../../../components/ui/form-field';
import { PendingButton } from '../../../components/ui/pending-button';
import { serverMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useContractForm } from '../../../lib/use-contract-form';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSendContactMessage } from '../api/send-contact-message';
import { CONTACT_TEXT as T } from '../info-texts';
import { Form } from '../../../components/ui/form';

const EMPTY = { name: '', email: '', subject: '', message: '' };

/**
 * /contact (footer "Contact Us"): a message to the team, stored for the admins' Contact tab and
 * mailed to them. A signed-in sender's name and address come from the account (the API takes
 * them from the session).
 */
export function ContactPage() {
  useDocumentTitle(T.documentTitle);
  const session = useSession();
  const user = session?.user ?? null;
  const form = useContractForm({
    initial: EMPTY,
    schema: contactFormSchema,
    toInput: (v) => (user ? { ...v, name: user.name, email: user.email } : v),
  });
  const send = useSendContactMessage();
  const [sent, setSent] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  const handleSubmit = form.onSubmit({
    busy: send.isPending,
    before: () => setFailed(null),
    onValid: (checked) =>
      send.mutate(checked.body, {
        onSuccess: ({ message }) => {
          form.reset(EMPTY);
          setSent(message);
        },
        onError: (error) => setFailed(serverMessage(error) ?? T.failed),
      }),
  });

  return (
    <Container className="max-w-2xl py-10 sm:py-14">
      <h1 className="text-3xl font-semibold tracking-tight">{T.title}</h1>
      <p className="mt-4 text-lg text-muted-foreground">{T.intro}</p>
      <Card className="mt-8 p-5 sm:p-6">
        {sent ? (
          <div className="flex flex-col items-start gap-4">
            <Alert variant="success" title={T.sentTitle}>
              {sent}
            </Alert>
            <Button variant="outline" onClick={() => setSent(null)}>
              {T.another}
            </Button>
          </div>
        ) : (
          <Form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
            {failed ? <Alert variant="danger">{failed}</Alert> : null}
            {user ? (
              <p className="text-sm text-muted-foreground">{T.signedInNote(user.email)}</p>
            ) : (
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField
                  label={T.name}
                  autoComplete="name"
                  maxLength={CONTACT_LIMITS.nameMax}
                  {...form.text('name')}
                />
                <TextField
                  label={T.email}
                  type="email"
                  autoComplete="email"
                  {...form.text('email')}
                />
              </div>
            )}
            <TextField
              label={T.subject}
              maxLength={CONTACT_LIMITS.subjectMax}
              {...form.text('subject')}
            />
            <TextAreaField
              label={T.message}
              hint={T.messageHint}
              rows={6}
              maxLength={CONTACT_LIMITS.messageMax}
              {...form.text('message')}
            />
            <p className="text-sm text-muted-foreground">
              {T.privacy}{' '}
              <Link to="/privacy" className="font-medium text-brand hover:underline">
                {T.privacyLink}
              </Link>
            </p>
            <div>
              <PendingButton pending={send.isPending} label={T.send} pendingLabel={T.sending} />
            </div>
          </Form>
        )}
      </Card>
    </Container>
  );
}
