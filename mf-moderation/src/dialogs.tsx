/**
 * Quick dialogs of the moderation area (docs/product.md ): `moderate`. moderateOpt starts
 * empty (the choice screen); a choice shows the confirmation with 'Potwierdź' and 'Anuluj';
 * 'Anuluj' returns to the choice. A ban also asks for how long (a day, a week, a month, for good)
 * and why: the banned user is shown both at sign-in. Success: the toast
 * 'Wpis został wymoderowany' and the post leaves the open list; failure: silent. The
 * dialog closes either way.
 */
import { useId, useState } from 'react';
import { BAN_PERIODS, type BanPeriod, LIMITS, type ModerateResolve } from 'shared-api';
import { MODERATE_OPTIONS, useModerate } from 'shared-api/reports';
import { Button, type DialogComponents, type DialogProps, updateDialog } from 'shared-ui';
import { Dialog } from 'shared-ui/dialog';
import { BAN_PERIOD_LABELS, DEFAULT_BAN_REASON, MODERATE_EFFECTS, MODERATE_LABELS } from './texts.ts';
import './moderation.css';

function ModerateDialog({ state, close }: DialogProps) {
  const moderate = useModerate();
  const option = (state.moderateOpt ?? null) as ModerateResolve | null;
  const post = state.post;
  const [period, setPeriod] = useState<BanPeriod>('forever');
  const [reason, setReason] = useState(DEFAULT_BAN_REASON);
  const periodId = useId();
  const reasonId = useId();
  const bans = option !== null && option !== 'delete-post';

  const confirm = () => {
    if (!post || !option) return close();
    const ban = bans ? { period, reason: reason.trim() || DEFAULT_BAN_REASON } : {};
    moderate.mutate({ post, resolve: option, ...ban }, { onSettled: () => close() });
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
          {bans && (
            <div className="gwm-ban">
              <label htmlFor={periodId}>Na jak długo</label>
              <select
                id={periodId}
                value={period}
                onChange={(event) => setPeriod(event.target.value as BanPeriod)}
              >
                {BAN_PERIODS.map((value) => (
                  <option key={value} value={value}>
                    {BAN_PERIOD_LABELS[value]}
                  </option>
                ))}
              </select>
              <label htmlFor={reasonId}>Powód (zobaczy go autor przy logowaniu)</label>
              <textarea
                id={reasonId}
                value={reason}
                maxLength={LIMITS.banReasonMax}
                rows={3}
                onChange={(event) => setReason(event.target.value)}
              />
            </div>
          )}
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
