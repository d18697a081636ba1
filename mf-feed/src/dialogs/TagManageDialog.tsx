/**
 * tag-manage (docs/product.md ): the owner updates the description ('Zaktualizuj')
 * or gives the tag up ('Porzuć tag'); anyone else may take an unowned tag ('Przejmij tag').
 * Ctrl+Enter submits. A description over the limit shows its message under the
 * field and, on submit, the form toast. The description is sent as the server keeps it
 * (whitespace runs collapsed, trimmed). The hooks refresh the page's data; failures close the
 * dialog silently.
 */
import { type FormEvent, useState } from 'react';
import { toast, toastFormErrors, useSessionUser } from 'shared-api';
import { useTagDrop, useTagUpdate } from 'shared-api/tags';
import { collapseWhitespace, LIMITS, MESSAGES } from 'shared-api/validation';
import { Button, type DialogProps } from 'shared-ui';
import { Dialog } from 'shared-ui/dialog';
import { TextArea } from 'shared-ui/forms';

export const TAG_UPDATED = 'Tag zaktualizowany';
export const TAG_PUBLIC = 'Tag znowu jest publiczny';

export function TagManageDialog({ state, close }: DialogProps) {
  const tag = state.tag ?? state.target ?? '';
  const viewer = useSessionUser();
  const owner = viewer !== null && state.owner === viewer.user;
  const [about, setAbout] = useState(state.about ?? '');
  const update = useTagUpdate({ silent: true });
  const drop = useTagDrop({ silent: true });
  const sent = collapseWhitespace(about);
  const tooLong = sent.length > LIMITS.tagAboutMax;
  const busy = update.isPending || drop.isPending;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    if (tooLong) return toastFormErrors();
    update.mutate({ tag, about: sent }, { onSuccess: () => toast.success(TAG_UPDATED), onSettled: close });
  };

  const giveUp = () => drop.mutate({ tag }, { onSuccess: () => toast.success(TAG_PUBLIC), onSettled: close });

  return (
    <Dialog title={`Tag #${tag}`} onClose={close} size="wide">
      <form onSubmit={submit} className="gw-feed-tag-form">
        {!owner && <p>Przejmij tag, aby zostać jego właścicielem i opisać go.</p>}
        <TextArea
          label="Opis tagu"
          value={about}
          rows={6}
          maxLength={LIMITS.tagAboutMax + 1000}
          error={tooLong ? MESSAGES.tagAboutTooLong : undefined}
          hint="Ctrl+Enter zapisuje"
          onChange={(event) => setAbout(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit();
          }}
        />
        <div className="gw-dialog__actions">
          {owner ? (
            <>
              <Button type="submit" busy={update.isPending} disabled={busy}>
                Zaktualizuj
              </Button>
              <Button variant="danger" busy={drop.isPending} disabled={busy} onClick={giveUp}>
                Porzuć tag
              </Button>
            </>
          ) : (
            <Button type="submit" busy={update.isPending} disabled={busy || !viewer}>
              Przejmij tag
            </Button>
          )}
        </div>
      </form>
    </Dialog>
  );
}
