/**
 * The quick-dialog outlet (spec §2): one dialog at a time; a navigation closes it. What draws
 * an open dialog (DialogView.tsx: the owners, loading the remote's dialogs) is its own chunk,
 * loaded with the first dialog: most visits open none, and every first load is smaller. A failure
 * to load either that chunk or the remote's module shows one error dialog with a retry.
 */
import { Component, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { closeDialog, Dialog, ErrorPanel, useDialog } from 'shared-ui';
import { reloadForChunkError } from '../remotes/chunkReload.ts';

const loadView = () => import(/* webpackChunkName: "dialogs" */ './DialogView.tsx');
let DialogView = lazy(loadView);

class DialogBoundary extends Component<{ onRetry: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    if (!reloadForChunkError(error)) console.error('Dialog failed', error);
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Dialog title="Błąd" onClose={closeDialog}>
        <ErrorPanel onRetry={this.props.onRetry} />
      </Dialog>
    );
  }
}

export function DialogOutlet() {
  const state = useDialog();
  const { key } = useLocation();
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: any navigation closes the dialog
  useEffect(() => closeDialog(), [key]);

  if (!state) return null;
  const retry = () => {
    // A lazy component that failed stays failed: a retry loads the view's chunk anew.
    DialogView = lazy(loadView);
    setAttempt((n) => n + 1);
  };
  return (
    <DialogBoundary key={`${state.type}#${attempt}`} onRetry={retry}>
      {/* The view's chunk is small: nothing shows meanwhile (the view shows its own loading). */}
      <Suspense fallback={null}>
        <DialogView state={state} />
      </Suspense>
    </DialogBoundary>
  );
}
