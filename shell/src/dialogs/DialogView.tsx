/**
 * The open quick dialog (docs/product.md ), loaded with the first one
 * (DialogOutlet.tsx, which holds the error boundary): Escape closes it. Each type belongs to a
 * remote whose `./dialogs` module is loaded on first use; a type nobody owns shows 'Nie wybrano
 * właściwego typu'.
 */
import { Suspense, use, useEffect } from 'react';
import { type RemoteName, DIALOG_OWNERS as SHARED_DIALOG_OWNERS } from 'shared-api';
import {
  closeDialog,
  type DialogComponents,
  type QuickDialogState,
  type QuickDialogType,
  Spinner,
} from 'shared-ui';
import { Dialog } from 'shared-ui/dialog';
import { loadRemoteModule, remoteGeneration } from '../remotes/registry.ts';

export const UNKNOWN_TYPE_TEXT = 'Nie wybrano właściwego typu';

/** The owners (shared-api/src/routes.ts), checked here to cover every quick-dialog type. */
export const DIALOG_OWNERS: Record<QuickDialogType, RemoteName> = SHARED_DIALOG_OWNERS;

/** Per remote and release generation: a release switched under the page loads its dialogs anew. */
const modules = new Map<string, Promise<DialogComponents>>();

function loadDialogs(remote: RemoteName): Promise<DialogComponents> {
  const key = `${remote}@${remoteGeneration(remote)}`;
  let promise = modules.get(key);
  if (!promise) {
    promise = loadRemoteModule<{ default?: DialogComponents }>(remote, 'dialogs').then(
      (module) => module.default ?? (module as DialogComponents),
    );
    // A failure is not remembered: "Spróbuj ponownie" asks again.
    promise.catch(() => modules.delete(key));
    modules.set(key, promise);
  }
  return promise;
}

function ownerOf(type: string): RemoteName | null {
  return Object.hasOwn(DIALOG_OWNERS, type) ? DIALOG_OWNERS[type as QuickDialogType] : null;
}

function UnknownType() {
  return (
    <Dialog title="Okno dialogowe" onClose={closeDialog}>
      <p>{UNKNOWN_TYPE_TEXT}</p>
    </Dialog>
  );
}

function RemoteDialog({ remote, state }: { remote: RemoteName; state: QuickDialogState }) {
  const components = use(loadDialogs(remote));
  const Body = components[state.type];
  if (!Body) return <UnknownType />;
  return <Body state={state} close={closeDialog} />;
}

export default function DialogView({ state }: { state: QuickDialogState }) {
  // Escape closes even if a remote's dialog forgot to wire it.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeDialog();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const remote = ownerOf(state.type);
  if (!remote) return <UnknownType />;
  return (
    <Suspense
      fallback={
        <Dialog title="Ładowanie…" onClose={closeDialog}>
          <Spinner block />
        </Dialog>
      }
    >
      <RemoteDialog remote={remote} state={state} />
    </Suspense>
  );
}
