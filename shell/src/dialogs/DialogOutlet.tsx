/**
 * The quick-dialog outlet (spec §2): one dialog at a time; a navigation closes it. What draws
 * an open dialog (DialogView.tsx: the owners, loading the remote's dialogs, errors) is its own
 * chunk, loaded with the first dialog: most visits open none, and every first load is smaller.
 */
import { Component, lazy, type ReactNode, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { STATUS_TEXTS, toast } from 'shared-api';
import { closeDialog, useDialog } from 'shared-ui';
import { reloadForChunkError } from '../remotes/chunkReload.ts';

const loadView = () => import(/* webpackChunkName: "dialogs" */ './DialogView.tsx');
let DialogView = lazy(loadView);

/**
 * The view's chunk did not load (offline, or a new deployment replaced it): reload for a new
 * deployment as everywhere else, otherwise close the dialog and say why. The next dialog tries
 * to load it again (a failed lazy component stays failed).
 */
class ViewBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    DialogView = lazy(loadView);
    if (reloadForChunkError(error)) return;
    closeDialog();
    toast.error(STATUS_TEXTS.offline);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

export function DialogOutlet() {
  const state = useDialog();
  const { key } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: any navigation closes the dialog
  useEffect(() => closeDialog(), [key]);

  if (!state) return null;
  return (
    <ViewBoundary key={state.type}>
      <Suspense fallback={null}>
        <DialogView state={state} />
      </Suspense>
    </ViewBoundary>
  );
}
