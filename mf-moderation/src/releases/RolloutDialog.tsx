/** The dialog that starts a progressive rollout of a published release, on /admin/releases. */
import { type FormEvent, useState } from 'react';
import type { RemoteDir } from 'shared-api';
import { releaseRolloutInput } from 'shared-api/validation';
import { Button } from 'shared-ui';
import { Dialog } from 'shared-ui/dialog';
import { TextField } from 'shared-ui/forms';
import { errorText } from '../texts.ts';

const DEFAULT_STEPS = '5, 25, 50, 100';
const DEFAULT_PAUSE_MINUTES = '10';

/**
 * Starts a progressive rollout: the shares and the pause, checked by the same schema the server
 * uses (shared-api releaseRolloutInput), before anything is sent.
 */
export function RolloutDialog({
  remote,
  version,
  onStart,
  onClose,
  busy,
  error,
}: {
  remote: RemoteDir;
  version: string;
  onStart: (input: { steps: number[]; pauseSeconds: number }) => void;
  onClose: () => void;
  busy: boolean;
  error: unknown;
}) {
  const [steps, setSteps] = useState(DEFAULT_STEPS);
  const [minutes, setMinutes] = useState(DEFAULT_PAUSE_MINUTES);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = releaseRolloutInput.safeParse({
      remote,
      version,
      steps: steps.split(',').map((part) => Number(part.trim().replace(/%$/, ''))),
      pauseSeconds: Math.round(Number(minutes.replace(',', '.')) * 60),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setProblem(
        issue?.path[0] === 'pauseSeconds'
          ? 'Przerwa to od 1 minuty do 7 dni (w minutach).'
          : issue?.message === 'The last step is 100: the promotion'
            ? 'Ostatni krok to 100: awans do wersji stabilnej.'
            : 'Podaj od 2 do 10 rosnących udziałów od 1 do 100, oddzielonych przecinkami, np. 5, 25, 50, 100.',
      );
      return;
    }
    setProblem(null);
    onStart({ steps: parsed.data.steps, pauseSeconds: parsed.data.pauseSeconds });
  };
  return (
    <Dialog title={`Stopniowe wdrażanie ${remote}@${version}`} onClose={onClose}>
      <form className="gwm-confirm" onSubmit={submit} noValidate>
        <p>
          Kanarek dostaje kolejne udziały odwiedzających. Strażnik zdrowia przesuwa go dalej, gdy krok trwał
          co najmniej przerwę, był zdrowy i miał dość wczytań; po ostatnim kroku (100%) wersja staje się
          stabilna. Gdy kanarek zawodzi, strażnik go wycofuje.
        </p>
        <TextField
          label="Udziały kolejnych kroków (%)"
          value={steps}
          onChange={(event) => setSteps(event.target.value)}
          inputMode="numeric"
          required
        />
        <TextField
          label="Przerwa między krokami (minuty)"
          type="number"
          min={1}
          max={10080}
          value={minutes}
          onChange={(event) => setMinutes(event.target.value)}
          required
        />
        {problem ? <p role="alert">{problem}</p> : null}
        {error ? <p role="alert">{errorText(error)}</p> : null}
        <div className="gwm-confirm__buttons">
          <Button type="submit" busy={busy}>
            Rozpocznij wdrażanie
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Anuluj
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
