import { useState, type FormEvent } from 'react';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import type { Application } from '@trustlinks/contract/applications';
import type { PayoutType } from '@trustlinks/contract/constants';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { Form } from '../../../components/ui/form';
import { TextField } from '../../../components/ui/form-field';
import { DEAL_TEXT as T } from '../../../components/deals/deal-texts';
import { useSetPartnerTerms } from '../api/set-partner-terms';
import { PayoutTypeField } from './create-form-dialog';
import { DIALOG_CLOSE_LABEL, failureMessage, toastAndClose } from './dashboard-parts';

/**
 * The owner's payout for one partner (docs/decisions/048-agreed-terms.md): its model and value,
 * starting from the application's current terms.
 */
export function SetPayoutDialog({
  app,
  onClose,
}: {
  app: Application | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={app !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {app ? <SetPayoutForm key={app.application_id} app={app} onClose={onClose} /> : null}
    </Dialog>
  );
}

function SetPayoutForm({ app, onClose }: { app: Application; onClose: () => void }) {
  const save = useSetPartnerTerms();
  const [model, setModel] = useState<PayoutType>(app.terms.payout_type);
  const [value, setValue] = useState(
    app.terms.payout_value === null ? '' : String(app.terms.payout_value),
  );
  const formId = `set-payout-${app.application_id}`;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    save.mutate(
      { applicationId: app.application_id, payout_type: model, payout_value: value },
      toastAndClose(onClose),
    );
  }

  return (
    <DialogContent
      closeLabel={DIALOG_CLOSE_LABEL}
      title={T.setPayoutTitle(app.applicant_name)}
      description={T.setPayoutBody}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="outline">{T.cancel}</Button>
          </DialogClose>
          <Button type="submit" form={formId} disabled={save.isPending}>
            {save.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
            {save.isPending ? T.saving : T.save}
          </Button>
        </>
      }
    >
      <Form id={formId} noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
        {save.isError ? (
          <Alert variant="danger">{failureMessage(save.error, T.setFailed)}</Alert>
        ) : null}
        <PayoutTypeField
          label={T.payoutModel}
          value={model}
          error={undefined}
          onChange={setModel}
        />
        <TextField
          label={T.payoutValue}
          inputMode="decimal"
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
      </Form>
    </DialogContent>
  );
}
