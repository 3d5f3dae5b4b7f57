import { useId, useState } from 'react';
import Handshake from 'lucide-react/icons/handshake';
import { Link, useLocation, useNavigate } from 'react-router';
import { dashboardPath } from '@trustlinks/contract/pages';
import { CONTACT_LIMITS, entityContactSchema, entitySignupUrl } from '@trustlinks/contract/contact';
import type { PublicEntity } from '@trustlinks/contract/entities';
import { Button, buttonClasses } from '../ui/button';
import { Dialog, DialogClose, DialogContent } from '../ui/dialog';
import { TextAreaField } from '../ui/form-field';
import { joinEntityUrl, useContactEntity } from '../../lib/api/contact-entity';
import { serverMessage } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { useContractForm } from '../../lib/use-contract-form';
import { JOIN_TEXT as T } from './join-entity-texts';
import { Form } from '../ui/form';

/** The roles whose dashboard has a Messages tab. */
const MESSAGE_ROLES: readonly string[] = ['advertiser', 'affiliate', 'network'];

type JoinableEntity = Pick<
  PublicEntity,
  'entity_id' | 'name' | 'entity_type' | 'entity_metadata' | 'public_warnings'
>;

/**
 * 'Join Network' / 'Join Program' on the entity and offer pages (docs/decisions/026): the entity's own
 * sign-up page when its metadata has an http(s) one (through the API, which counts the visit),
 * else a message to the company. Hidden on one's own entity and under an active warning (the API
 * refuses both too).
 */
export function JoinEntityButton({
  entity,
  className,
}: {
  entity: JoinableEntity;
  className?: string;
}) {
  const session = useSession();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  if (session?.user.entity_id === entity.entity_id) return null;
  if ((entity.public_warnings?.length ?? 0) > 0) return null;

  const label = T.label(entity.entity_type);
  const content = (
    <>
      <Handshake aria-hidden="true" />
      {label}
    </>
  );
  if (entitySignupUrl(entity.entity_metadata)) {
    return (
      <a
        href={joinEntityUrl(entity.entity_id)}
        target="_blank"
        rel="noopener noreferrer"
        title={T.opensSignup(entity.name)}
        className={buttonClasses({ size: 'lg', className })}
      >
        {content}
      </a>
    );
  }
  if (!session) {
    const next = `${location.pathname}${location.search}`;
    return (
      <Link
        to={`/login?next=${encodeURIComponent(next)}`}
        title={T.loginToContact}
        className={buttonClasses({ size: 'lg', className })}
      >
        {content}
      </Link>
    );
  }
  return (
    <>
      <Button size="lg" className={className} onClick={() => setOpen(true)}>
        {content}
      </Button>
      <ContactDialog entity={entity} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

function ContactDialog({
  entity,
  open,
  onClose,
}: {
  entity: JoinableEntity;
  open: boolean;
  onClose: () => void;
}) {
  const formId = useId();
  const session = useSession();
  const navigate = useNavigate();
  const form = useContractForm({
    initial: { message: '' },
    schema: entityContactSchema,
    toInput: (v) => v,
  });
  const send = useContactEntity(entity.entity_id);
  const handleSubmit = form.onSubmit({
    busy: send.isPending,
    onValid: (checked) =>
      send.mutate(checked.body, {
        onSuccess: ({ message, thread_id }) => {
          toast.success(message);
          form.reset({ message: '' });
          onClose();
          // The message opened a conversation (docs/decisions/050): the sender's Messages tab
          // shows it, where their dashboard has one.
          if (thread_id && session && MESSAGE_ROLES.includes(session.user.role))
            navigate(
              dashboardPath(session.user.role, 'messages', { kind: 'thread', id: thread_id }),
            );
        },
        onError: (error) => toast.error(serverMessage(error) ?? T.failed),
      }),
  });
  return (
    <Dialog open={open} onOpenChange={(next) => (next || send.isPending ? undefined : onClose())}>
      {open ? (
        <DialogContent
          title={T.dialogTitle(entity.name)}
          description={T.dialogDescription(entity.name)}
          footer={
            <>
              <DialogClose asChild>
                <Button variant="outline" disabled={send.isPending}>
                  {T.cancel}
                </Button>
              </DialogClose>
              <Button type="submit" form={formId} disabled={send.isPending}>
                {send.isPending ? T.sending : T.send}
              </Button>
            </>
          }
        >
          <Form id={formId} noValidate onSubmit={handleSubmit}>
            <TextAreaField
              label={T.message}
              hint={T.messageHint}
              rows={5}
              maxLength={CONTACT_LIMITS.messageMax}
              {...form.text('message')}
            />
          </Form>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
