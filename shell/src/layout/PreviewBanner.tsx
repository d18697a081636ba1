/**
 * A staff browser's previews (server/src/releases/previews.ts): while this browser loads a
 * version of a remote, or a local build, that visitors do not get, a banner under the top bar
 * names it and ends it. Ending clears the preview cookie on the server and loads the page again,
 * with the releases everybody gets.
 */
import { useState, useSyncExternalStore } from 'react';
// biome-ignore lint/style/noRestrictedImports: ending a preview reloads the page, so there is no cache to update, and shared-api's release hooks are not in the shell's first load
import { rpc, toast } from 'shared-api';
import type { PreviewNotice } from 'shared-api/remote-registry';
import { Button } from 'shared-ui';
import { activePreviews, subscribeRemotes } from '../remotes/registry.ts';

const NONE: readonly PreviewNotice[] = [];

const until = (iso: string) =>
  new Date(iso).toLocaleTimeString('pl-PL', { hour: '2-digit', minute: '2-digit' });

/** "Podgląd: mf-chat@1.5.0" or "Lokalna wersja: mf-chat z http://localhost:3101". */
export function previewLabel(preview: PreviewNotice): string {
  if (preview.entry) return `Lokalna wersja: ${preview.remote} z ${new URL(preview.entry).origin}`;
  return `Podgląd: ${preview.remote}@${preview.version}`;
}

export function PreviewBanner({ reload = () => window.location.reload() }: { reload?: () => void }) {
  const previews = useSyncExternalStore(subscribeRemotes, activePreviews, () => NONE);
  const [ending, setEnding] = useState(false);
  if (previews.length === 0) return null;
  const end = async () => {
    setEnding(true);
    try {
      await rpc('release_preview_end');
      reload();
    } catch {
      setEnding(false);
      toast.error('Nie udało się zakończyć podglądu. Spróbuj ponownie.');
    }
  };
  const last = previews
    .map((p) => p.expires)
    .sort()
    .at(-1)!;
  return (
    <section className="sh-preview" aria-label="Podgląd wersji">
      <p>
        <strong>{previews.map(previewLabel).join(', ')}</strong>{' '}
        <span>— tylko w tej przeglądarce, do {until(last)}.</span>
      </p>
      <Button size="small" variant="secondary" busy={ending} onClick={() => void end()}>
        Zakończ podgląd
      </Button>
    </section>
  );
}
