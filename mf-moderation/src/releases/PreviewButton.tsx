/**
 * "Podgląd" on each release of /admin/releases (server/src/releases/previews.ts): makes a preview
 * link, the same call as `pnpm gwar release preview`, and shows it to copy or open: the browser
 * that opens it (an admin's, or a member's of the remote's team) loads that version on the real
 * site, nobody else does.
 */
import { useState } from 'react';
import type { RemoteDir } from 'shared-api';
import { useReleasePreviewLink } from 'shared-api/releases';
import { Button } from 'shared-ui';
import { Dialog } from 'shared-ui/dialog';
import { TextField } from 'shared-ui/forms';
import { errorText } from '../texts.ts';

const time = (iso: string) =>
  new Date(iso).toLocaleString('pl-PL', { dateStyle: 'short', timeStyle: 'short' });

export function PreviewButton({ remote, version }: { remote: RemoteDir; version: string }) {
  const link = useReleasePreviewLink();
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState(false);
  const close = () => {
    setOpen(false);
    setCopied(false);
    link.reset();
  };
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <>
      <Button
        size="small"
        variant="secondary"
        disabled={link.isPending}
        onClick={() => {
          setOpen(true);
          link.mutate({ remote, version });
        }}
      >
        Podgląd ({version})
      </Button>
      {open ? (
        <Dialog title={`Podgląd ${remote}@${version}`} onClose={close}>
          <div className="gwm-confirm">
            {link.isPending ? <p role="status">Tworzę link podglądu…</p> : null}
            {link.error ? <p role="alert">{errorText(link.error)}</p> : null}
            {link.data ? (
              <>
                <p>
                  Otwarty w przeglądarce administratora albo członka zespołu {remote} pokaże w serwisie wersję{' '}
                  {version} tylko tej przeglądarce, do {time(link.data.expires)}. Strażnik zdrowia go nie
                  liczy.
                </p>
                <TextField
                  label="Link podglądu"
                  readOnly
                  value={link.data.url}
                  onFocus={(event) => event.target.select()}
                />
                <div className="gwm-confirm__buttons">
                  <Button onClick={() => void copy(link.data.url)}>Kopiuj link</Button>
                  <a className="gw-button gw-button--secondary" href={link.data.url}>
                    Otwórz podgląd
                  </a>
                </div>
                {copied ? <p role="status">Skopiowano link.</p> : null}
              </>
            ) : null}
          </div>
        </Dialog>
      ) : null}
    </>
  );
}
