/**
 * Which paths are the site's pages, from the one route table (shared-api/src/routes.ts) that the
 * shell's router also reads: the shell's page answers them (pages/frontend.ts), a preview link
 * may land on them (releases/previews.ts), and each names the remote module that draws it.
 */
import { REMOTE_ROUTES, type RemoteRouteDef, SHELL_ROUTES } from 'shared-api/routes';

/** A route table path (`/tag/:tag?`) as a pattern for deep links (`/tag/polityka`, `/tag`). */
export function routePattern(route: string): RegExp {
  const body = route
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (segment.startsWith(':')) return segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    })
    .join('');
  return new RegExp(`^${body}/?$`);
}

/**
 * The routes of docs/product.md#21-routes, from the one route table (shared-api/src/routes.ts) the
 * shell's router uses: a deep link to any of them gets the shell with 200, anything else with 404
 * (the shell then shows its 404 page; ).
 */
const SPA_ROUTES: RegExp[] = [
  ...REMOTE_ROUTES.map((route) => route.path),
  ...Object.values(SHELL_ROUTES),
].map(routePattern);

export function isSpaRoute(pathname: string): boolean {
  return SPA_ROUTES.some((pattern) => pattern.test(pathname));
}

const REMOTE_PATTERNS = REMOTE_ROUTES.map((route) => ({ route, pattern: routePattern(route.path) }));

/** The remote module that draws `pathname` (the first match, as the shell's router picks). */
export function remoteRouteOf(pathname: string): RemoteRouteDef | null {
  return REMOTE_PATTERNS.find(({ pattern }) => pattern.test(pathname))?.route ?? null;
}
