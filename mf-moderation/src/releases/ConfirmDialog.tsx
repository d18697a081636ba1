/**
 * The question asked before a call that changes what every visitor gets (a promotion, a
 * rollback, a release made stable by hand), and the call itself: the dialog closes when the call
 * succeeds and shows the server's refusal when it does not.
 */
import { type ReactNode, useState } from 'react';
import { type ReleaseAction, useReleaseAction } from 'shared-api/releases';
import { Button } from 'shared-ui';
import { Dialog } from 'shared-ui/dialog';
import { errorText } from '../texts.ts';

/** What a confirmation says before a call that changes what every visitor gets. */
export interface Confirmation {
  title: string;
  text: ReactNode;
  confirmLabel: string;
  action: ReleaseAction;
}

function ConfirmDialog({
  confirmation,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  confirmation: Confirmation;
  busy: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog title={confirmation.title} onClose={onClose}>
      <div className="gwm-confirm">
        <p>{confirmation.text}</p>
        {error ? <p role="alert">{errorText(error)}</p> : null}
        <div className="gwm-confirm__buttons">
          <Button variant="danger" busy={busy} onClick={onConfirm}>
            {confirmation.confirmLabel}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Anuluj
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

/** A confirmation's state and its call: the dialog closes when the call succeeds. */
export function useConfirmedAction() {
  const action = useReleaseAction();
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const dialog = confirmation ? (
    <ConfirmDialog
      confirmation={confirmation}
      busy={action.isPending}
      error={action.variables === confirmation.action ? action.error : null}
      onConfirm={() => action.mutate(confirmation.action, { onSuccess: () => setConfirmation(null) })}
      onClose={() => {
        setConfirmation(null);
        action.reset();
      }}
    />
  ) : null;
  return { action, ask: setConfirmation, dialog };
}
