/**
 * The post area's quick dialogs (docs/product.md ): `delete-post` asks, then deletes and shows
 * the post as deleted; `report` sends as soon as an option is picked. Failures of these calls
 * are silent: the dialog just closes.
 */
import { REPORT_TYPES, toast } from 'shared-api';
import { useDeletePost, useReportPost } from 'shared-api/post-writes';
import { REPORT_TYPE_LABELS } from 'shared-api/reports';
import { Button, type DialogComponents, type DialogProps } from 'shared-ui';
import { Dialog } from 'shared-ui/dialog';

function DeletePostDialog({ state, close }: DialogProps) {
  const remove = useDeletePost();
  const post = state.post;
  return (
    <Dialog title="Usunąć wpis?" onClose={close}>
      <p>Treść wpisu zostanie usunięta. Tej operacji nie można cofnąć.</p>
      <div className="gwp-dialog__actions">
        <Button variant="ghost" onClick={close}>
          Anuluj
        </Button>
        <Button
          variant="danger"
          busy={remove.isPending}
          disabled={typeof post !== 'number'}
          onClick={() =>
            remove.mutate(post as number, {
              onSuccess: () => toast.success('Wpis został usunięty'),
              onSettled: close,
            })
          }
        >
          Usuń
        </Button>
      </div>
    </Dialog>
  );
}

function ReportDialog({ state, close }: DialogProps) {
  const report = useReportPost();
  const post = state.post;
  return (
    <Dialog title="Zgłoś wpis" onClose={close}>
      <fieldset className="gwp-dialog__choices">
        <legend>Co jest nie tak z tym wpisem?</legend>
        {REPORT_TYPES.map((type) => (
          <Button
            key={type}
            variant="secondary"
            block
            disabled={typeof post !== 'number' || report.isPending}
            onClick={() =>
              report.mutate(
                { post: post as number, type },
                { onSuccess: () => toast.success('Wpis został zgłoszony'), onSettled: close },
              )
            }
          >
            {REPORT_TYPE_LABELS[type]}
          </Button>
        ))}
      </fieldset>
    </Dialog>
  );
}

const dialogs: DialogComponents = {
  'delete-post': DeletePostDialog,
  report: ReportDialog,
};

export default dialogs;
