import { useState } from 'react';
import Download from 'lucide-react/icons/download';
import Trash2 from 'lucide-react/icons/trash-2';
import { Link } from 'react-router';
import { deleteAccountSchema } from '@trustlinks/contract/account';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/form-field';
import { serverMessage } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download-file';
import { clearSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useContractForm } from '../../../lib/use-contract-form';
import { useDeleteAccount, useExportAccount } from '../api/account-data';
import { ACCOUNT_DATA_TEXT as T } from '../profile-texts';
import { Form } from '../../../components/ui/form';

/** Saves `data` as a JSON file. */
function saveJson(data: unknown, fileName: string) {
  saveBlob(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), fileName);
}

/**
 * "Your data" on the profile (docs/decisions/026, the Privacy Policy's promises): download a copy of what we
 * hold, or delete the account after the password.
 */
export function AccountDataCard() {
  const exporter = useExportAccount();
  const [deleting, setDeleting] = useState(false);
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-lg font-semibold">{T.title}</h2>
      <p className="mt-1 text-sm text-muted-foreground">
        {T.intro}{' '}
        <Link to="/privacy" className="font-medium text-brand hover:underline">
          {T.policy}
        </Link>
      </p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row">
        <Button
          variant="outline"
          disabled={exporter.isPending}
          onClick={() =>
            exporter.mutate(undefined, {
              onSuccess: (data) => {
                saveJson(data, T.fileName);
                toast.success(T.downloaded);
              },
              onError: (error) => toast.error(serverMessage(error) ?? T.exportFailed),
            })
          }
        >
          <Download aria-hidden="true" />
          {exporter.isPending ? T.preparing : T.download}
        </Button>
        <Button variant="danger" onClick={() => setDeleting(true)}>
          <Trash2 aria-hidden="true" />
          {T.delete}
        </Button>
      </div>
      <DeleteAccountDialog open={deleting} onClose={() => setDeleting(false)} />
    </Card>
  );
}

function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const remove = useDeleteAccount();
  const form = useContractForm({
    initial: { password: '' },
    schema: deleteAccountSchema,
    toInput: (v) => v,
  });
  const handleSubmit = form.onSubmit({
    busy: remove.isPending,
    onValid: (checked) =>
      remove.mutate(checked.body, {
        onSuccess: ({ message }) => {
          toast.success(message);
          clearSession();
          // A fresh home page: in the app, the profile's guard would answer the cleared session
          // with /login before a navigation home could commit.
          window.location.replace('/');
        },
        onError: (error) => toast.error(serverMessage(error) ?? T.deleteFailed),
      }),
  });
  const formId = 'delete-account';
  return (
    <Dialog open={open} onOpenChange={(next) => (next || remove.isPending ? undefined : onClose())}>
      {open ? (
        <DialogContent
          size="sm"
          role="alertdialog"
          title={T.confirmTitle}
          description={T.confirmDescription}
          footer={
            <>
              <DialogClose asChild>
                <Button variant="outline" disabled={remove.isPending}>
                  {T.cancel}
                </Button>
              </DialogClose>
              <Button type="submit" form={formId} variant="danger" disabled={remove.isPending}>
                {remove.isPending ? T.deleting : T.confirm}
              </Button>
            </>
          }
        >
          <Form id={formId} noValidate onSubmit={handleSubmit}>
            <TextField
              label={T.password}
              type="password"
              autoComplete="current-password"
              {...form.text('password')}
            />
          </Form>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
