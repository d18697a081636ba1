import { useEffect } from 'react';
import { PROGRESS_DURATION_MS, PROGRESS_HIDE_MS, startProgress, useProgressPhase } from './progress.ts';

export function ProgressBar() {
  const phase = useProgressPhase();
  if (phase === 'idle') return null;
  return (
    <div
      className={`sh-progress sh-progress--${phase}`}
      role="progressbar"
      aria-label="Ładowanie strony"
      style={
        {
          '--progress-duration': `${PROGRESS_DURATION_MS}ms`,
          '--progress-hide': `${PROGRESS_HIDE_MS}ms`,
        } as React.CSSProperties
      }
    >
      <span className="sh-progress__bar" />
    </div>
  );
}

/** Rendered while something the user waits for loads: drives the progress bar. */
export function ProgressWhileMounted() {
  useEffect(() => startProgress(), []);
  return null;
}
