/**
 * Quick dialogs of the moderation area (spec §4): `moderate`. moderateOpt starts empty (the
 * choice screen); a choice shows the confirmation with 'Potwierdź' and 'Anuluj'; 'Anuluj'
 * returns to the choice. Success: the toast 'Wpis został wymoderowany' and the post leaves the
 * open list; failure: silent (spec §8). The dialog closes either way.
 */
import { MODERATE_OPTIONS, type ModerateResolve, useModerate } from 'shared-api';
import { Button, Dialog, type DialogComponents, type DialogProps, updateDialog } from 'shared-ui';
import { MODERATE_EFFECTS, MODERATE_LABELS } from './texts.ts';
import './moderation.css';

function ModerateDialog({ state, close }: DialogProps) {
  const moderate = useModerate();
  const option = (state.moderateOpt ?? null) as ModerateResolve | null;
  const post = state.post;

  const confirm = () => {
    if (!post || !option) return close();
    moderate.mutate({ post, resolve: option }, { onSettled: () => close() });
  };

  return (
    <Dialog title="Moderacja wpisu" onClose={close}>
      {option === null ? (
        <fieldset className="gwm-choices">
          <legend className="gw-visually-hidden">Wybierz decyzję</legend>
          {MODERATE_OPTIONS.map((choice) => (
            <Button
              key={choice}
              variant={choice === 'delete-post' ? 'secondary' : 'danger'}
              block
              onClick={() => updateDialog({ moderateOpt: choice })}
            >
              {MODERATE_LABELS[choice]}
            </Button>
          ))}
        </fieldset>
      ) : (
        <div className="gwm-confirm">
          <p>
            <strong>{MODERATE_LABELS[option]}</strong>
          </p>
          <p>{MODERATE_EFFECTS[option]}</p>
          <div className="gwm-confirm__buttons">
            <Button variant="danger" busy={moderate.isPending} onClick={confirm}>
              Potwierdź
            </Button>
            <Button
              variant="secondary"
              disabled={moderate.isPending}
              onClick={() => updateDialog({ moderateOpt: null })}
            >
              Anuluj
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}

const dialogs: DialogComponents = { moderate: ModerateDialog };
export default dialogs;
