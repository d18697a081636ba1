/**
 * One route's screen from a remote: `React.lazy` over `loadRemote`, inside an error boundary.
 * A remote that cannot be loaded (registry, manifest, entry or chunk failing) or that throws
 * while rendering shows the error panel with a retry button in the content area only; the top
 * bar, side menu and other routes keep working. Chunk failures first try one page reload
 * (at most once per 60 s).
 */
import {
  Component,
  type ComponentType,
  type ErrorInfo,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
  useState,
} from 'react';
import { Link } from 'react-router-dom';
import type { RemoteName } from 'shared-api';
import { ErrorPanel, Spinner } from 'shared-ui';
import { ProgressWhileMounted } from '../layout/ProgressBar.tsx';
import { isChunkLoadError, reloadForChunkError } from './chunkReload.ts';
import { reportRemote } from './health.ts';
import { currentRelease, loadRemoteModule } from './registry.ts';

// biome-ignore lint/suspicious/noExplicitAny: remote components take their own props; the route table passes them through
type AnyComponent = ComponentType<any>;

const lazyCache = new Map<string, LazyExoticComponent<AnyComponent>>();

function lazyRemote(remote: RemoteName, module: string, attempt: number): LazyExoticComponent<AnyComponent> {
  const key = `${remote}/${module}#${attempt}`;
  let component = lazyCache.get(key);
  if (!component) {
    component = lazy(async () => {
      const loaded = await loadRemoteModule<{ default?: AnyComponent } | AnyComponent>(remote, module);
      const value = typeof loaded === 'function' ? loaded : loaded.default;
      if (!value) throw new Error(`${remote}/${module} has no default export`);
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
      <Spinner block label="Ładowanie…" />
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

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    // A load failure was reported where it happened; anything else broke while rendering.
    const remote = this.props.remote;
    if (remote && !isLoadError(error)) {
      void currentRelease(remote).then((release) => release && reportRemote(release, 'render'));
    }
    if (reloadForChunkError(error)) {
      this.setState({ reloading: true });
      return;
    }
    console.error('Remote failed', error, info.componentStack);
  }

  override render() {
    if (this.state.reloading) return <RouteLoading />;
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
  const Screen = lazyRemote(remote, module, attempt);
  return (
    <RemoteBoundary key={attempt} remote={remote} onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense fallback={<RouteLoading />}>
        <Screen {...props} />
      </Suspense>
    </RemoteBoundary>
  );
}
