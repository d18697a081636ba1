/**
 * The quick-dialog outlet (docs/product.md ): one dialog at a time; a navigation closes it.
 * What draws an open dialog (DialogView.tsx: the owners, loading the remote's dialogs) is its own
 * chunk, loaded with the first dialog: most visits open none, and every first load is smaller. A
 * failure to load either that chunk or the remote's module shows one error dialog with a retry; a
 * canary's dialog that breaks is left for the stable release's in place, as a canary's screen is
 * (RemoteRoute.tsx). The modal frame of that error dialog (`shared-ui/dialog`) is its own chunk
 * too, fetched together with the view's when a dialog first opens; should it fail to load as well,
 * nothing is drawn (a chunk error reloads the page, as it would for the view's).
 */
import { Component, lazy, type ReactNode, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { DIALOG_OWNERS, type RemoteName } from 'shared-api';
import { closeDialog, ErrorPanel, useDialog } from 'shared-ui';
import { isChunkLoadError, reloadForChunkError } from '../remotes/chunkReload.ts';
import { canFallBack, fallBackToStable, remoteGeneration, subscribeRemotes } from '../remotes/registry.ts';

const loadView = () => import(/* webpackChunkName: "dialogs" */ './DialogView.tsx');
let DialogView = lazy(loadView);
const loadFrame = () => import(/* webpackChunkName: "shared-ui-subpaths" */ 'shared-ui/dialog');
let ErrorFrame = lazy(() => loadFrame().then((module) => ({ default: module.Dialog })));

/** Draws nothing if the error dialog's own chunk cannot be loaded either. */
class FrameBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    if (!reloadForChunkError(error)) console.error('Dialog failed', error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

interface DialogBoundaryProps {
  /** The remote that owns the dialog, if any. */
  remote: RemoteName | null;
  onRetry: () => void;
  children: ReactNode;
}

class DialogBoundary extends Component<DialogBoundaryProps, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    const { remote } = this.props;
    // The outlet draws the dialog again from stable (a new generation, a new boundary).
    if (remote && fallBackToStable(remote, isChunkLoadError(error) ? 'load-failed' : 'render')) return;
    if (!reloadForChunkError(error)) console.error('Dialog failed', error);
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    if (this.props.remote && canFallBack(this.props.remote)) return null;
    return (
      <FrameBoundary>
        <Suspense fallback={null}>
          <ErrorFrame title="Błąd" onClose={closeDialog}>
            <ErrorPanel onRetry={this.props.onRetry} />
          </ErrorFrame>
        </Suspense>
      </FrameBoundary>
    );
  }
}

export function DialogOutlet() {
  const state = useDialog();
  const { key } = useLocation();
  const [attempt, setAttempt] = useState(0);
  const remote: RemoteName | null =
    state && Object.hasOwn(DIALOG_OWNERS, state.type)
      ? DIALOG_OWNERS[state.type as keyof typeof DIALOG_OWNERS]
      : null;
  const releaseGeneration = () => (remote ? remoteGeneration(remote) : 0);
  const generation = useSyncExternalStore(subscribeRemotes, releaseGeneration, releaseGeneration);

  // biome-ignore lint/correctness/useExhaustiveDependencies: any navigation closes the dialog
  useEffect(() => closeDialog(), [key]);

  if (!state) return null;
  // The error dialog's frame is fetched beside the view, so a failure finds it already there.
  void loadFrame().catch(() => undefined);
  const retry = () => {
    // A lazy component that failed stays failed: a retry loads the view's chunk (and the frame's) anew.
    DialogView = lazy(loadView);
    ErrorFrame = lazy(() => loadFrame().then((module) => ({ default: module.Dialog })));
    setAttempt((n) => n + 1);
  };
  return (
    <DialogBoundary key={`${state.type}@${generation}#${attempt}`} remote={remote} onRetry={retry}>
      {/* The view's chunk is small: nothing shows meanwhile (the view shows its own loading). */}
      <Suspense fallback={null}>
        <DialogView state={state} />
      </Suspense>
    </DialogBoundary>
  );
}
