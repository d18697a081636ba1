/**
 * One route's screen from a remote: `React.lazy` over `loadRemote`, inside an error boundary.
 * A canary that throws while rendering or loses a chunk is left for its stable release in place
 * (registry.ts fallBackToStable): the boundary shows the spinner meanwhile, never the error panel,
 * and the screen loads again from stable. Otherwise a remote that cannot be loaded (registry,
 * manifest, entry or chunk failing) or that throws while rendering shows the error panel with a
 * retry button in the content area only; the top bar, side menu and other routes keep working.
 * Chunk failures first try one page reload (at most once per 60 s).
 */
import {
  Component,
  type ErrorInfo,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
  useState,
  useSyncExternalStore,
} from 'react';
import { Link } from 'react-router-dom';
import type { RemoteName } from 'shared-api';
import { ErrorPanel, Spinner } from 'shared-ui';
import { ProgressWhileMounted } from '../layout/ProgressBar.tsx';
import { isChunkLoadError, reloadForChunkError } from './chunkReload.ts';
import { reportErrorDetails, reportRemote } from './health.ts';
import {
  canFallBack,
  currentRelease,
  fallBackToStable,
  remoteGeneration,
  subscribeRemotes,
} from './registry.ts';
import { type AnyComponent, fallbackHoldMs, loadedScreen, loadScreen } from './screens.ts';

const lazyCache = new Map<string, LazyExoticComponent<AnyComponent>>();

/** `generation`: the remote's release changed under the page; its screens load again. */
function lazyRemote(
  remote: RemoteName,
  module: string,
  generation: number,
  attempt: number,
): LazyExoticComponent<AnyComponent> {
  const key = `${remote}/${module}@${generation}#${attempt}`;
  let component = lazyCache.get(key);
  if (!component) {
    component = lazy(async () => {
      const started = performance.now();
      const value = await loadScreen(remote, module);
      // A fallback that has just appeared stays long enough to be read (screens.ts).
      const hold = fallbackHoldMs(performance.now() - started);
      if (hold > 0) await new Promise((resolve) => setTimeout(resolve, hold));
      return { default: value };
    });
    lazyCache.set(key, component);
  }
  return component;
}

/** Failures of loading (registry, manifest, entry, chunk) rather than of the remote's own code. */
function isLoadError(error: unknown): boolean {
  if (isChunkLoadError(error)) return true;
  const message = error instanceof Error ? error.message : '';
  return /RUNTIME-\d+|remotes\.json|is not in the registry|did not load|Failed to fetch/.test(message);
}

export function RouteLoading() {
  return (
    <>
      <ProgressWhileMounted />
      <Spinner block label="Ładowanie…" className="sh-route-loading" />
    </>
  );
}

interface BoundaryProps {
  /** The remote drawn inside: a render failure counts against its release (health.ts). */
  remote?: RemoteName;
  onRetry: () => void;
  children: ReactNode;
}

export class RemoteBoundary extends Component<BoundaryProps, { error: unknown; reloading: boolean }> {
  override state = { error: null as unknown, reloading: false };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  /** A canary that broke while rendering or lost a chunk: its stable release takes over. */
  private leavesCanary(error: unknown): boolean {
    const remote = this.props.remote;
    return Boolean(remote && canFallBack(remote) && (!isLoadError(error) || isChunkLoadError(error)));
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    const remote = this.props.remote;
    if (remote && this.leavesCanary(error)) {
      console.warn(`${remote} (canary) failed while drawing`, error, info.componentStack);
      // Raises the remote's generation: RemoteRoute draws it again, from stable, in a new boundary.
      fallBackToStable(remote, isChunkLoadError(error) ? 'load-failed' : 'render', error);
      return;
    }
    // A load failure was reported where it happened; anything else broke while rendering: it
    // counts against the remote drawn here, whatever files threw.
    if (remote && !isLoadError(error)) {
      void currentRelease(remote).then((release) => {
        if (!release) return;
        reportRemote(release, 'render');
        reportErrorDetails(error, release);
      });
    }
    if (reloadForChunkError(error)) {
      this.setState({ reloading: true });
      return;
    }
    console.error('Remote failed', error, info.componentStack);
  }

  override render() {
    if (this.state.reloading || (this.state.error && this.leavesCanary(this.state.error)))
      return <RouteLoading />;
    if (this.state.error) return <RemoteError onRetry={this.props.onRetry} />;
    return this.props.children;
  }
}

export function RemoteError({ onRetry }: { onRetry: () => void }) {
  return (
    <ErrorPanel onRetry={onRetry}>
      <Link to="/">Przejdź na stronę główną</Link>
    </ErrorPanel>
  );
}

export interface RemoteRouteProps {
  remote: RemoteName;
  module: string;
  props?: Record<string, unknown>;
}

export function RemoteRoute({ remote, module, props }: RemoteRouteProps) {
  const [attempt, setAttempt] = useState(0);
  const generation = useSyncExternalStore(
    subscribeRemotes,
    () => remoteGeneration(remote),
    () => remoteGeneration(remote),
  );
  // A screen this page already has is drawn at once, in the click's own render. The choice is
  // made once per screen, release and attempt, never again at a later render: once the lazy one
  // has loaded, `loadedScreen` would hand over a component of another type, and React would
  // mount the screen afresh on any render of the shell (a signed-in session arriving, say),
  // dropping its state and the callbacks of its calls in flight.
  const choiceKey = `${remote}/${module}@${generation}#${attempt}`;
  const [choice, setChoice] = useState(() => ({ key: choiceKey, Screen: chooseScreen() }));
  function chooseScreen(): AnyComponent {
    return (attempt === 0 && loadedScreen(remote, module)) || lazyRemote(remote, module, generation, attempt);
  }
  let Screen = choice.Screen;
  if (choice.key !== choiceKey) {
    Screen = chooseScreen();
    setChoice({ key: choiceKey, Screen });
  }
  return (
    <RemoteBoundary key={`${generation}#${attempt}`} remote={remote} onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense fallback={<RouteLoading />}>
        <Screen {...props} />
      </Suspense>
    </RemoteBoundary>
  );
}
