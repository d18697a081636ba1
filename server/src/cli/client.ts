/**
 * The CLI's client of a running site (`pnpm gwar release …`, `token:…`, `team:…`): a thin wrapper
 * over the site's release API, usable from any machine (a team's CI), so no command goes around
 * the server that holds the database.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { create as createTar } from 'tar';
import type { Values } from './args.ts';

export interface Site {
  url: string;
  token?: string | undefined;
  cookie?: string | undefined;
}

export class ReleaseApiError extends Error {}

async function call<T>(
  site: Site,
  method: string,
  pathname: string,
  body?: unknown,
  type?: string,
): Promise<T> {
  const url = new URL(pathname, site.url);
  const headers: Record<string, string> = {};
  if (site.token) headers.authorization = `Bearer ${site.token}`;
  if (site.cookie) {
    headers.cookie = site.cookie;
    headers.origin = url.origin;
  }
  let payload: BodyInit | undefined;
  if (body instanceof Buffer) {
    headers['content-type'] = type ?? 'application/gzip';
    payload = new Uint8Array(body);
  } else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  let response: Response;
  try {
    response = await fetch(url, { method, headers, body: payload });
  } catch (error) {
    throw new ReleaseApiError(
      `${url.origin} cannot be reached: ${(error as Error).cause ?? (error as Error).message}`,
    );
  }
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    // not JSON
  }
  if (!response.ok) {
    const error = json as { message?: string; details?: string | null } | null;
    throw new ReleaseApiError(
      `${method} ${url.pathname}: ${response.status} ${error?.message ?? text.slice(0, 200)}${error?.details ? ` (${error.details})` : ''}`,
    );
  }
  return json as T;
}

export const rpc = <T = Record<string, unknown>>(site: Site, name: string, body: unknown) =>
  call<T>(site, 'POST', `/api/rpc/${name}`, body);

export const read = <T = Record<string, unknown>[]>(site: Site, resource: string, query = '') =>
  call<T>(site, 'GET', `/api/${resource}${query ? `?${query}` : ''}`);

/**
 * A file's name as tar's file list takes it: `./` before a name that starts with `@`
 * (`@mf-types.zip`), which tar would otherwise read as another archive to append. The upload
 * drops the `./` again (tarball.ts).
 */
export const tarPath = (name: string) => (name.startsWith('@') ? `./${name}` : name);

/** A dist folder as a gzipped tarball (its files at the archive's root, dotfiles left out). */
export async function packDist(dist: string): Promise<Buffer> {
  const files = (readdirSync(dist, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
    .map((entry) => path.relative(dist, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
  if (!files.includes('mf-manifest.json')) {
    throw new ReleaseApiError(`${dist} holds no mf-manifest.json: build the remote first`);
  }
  const chunks: Buffer[] = [];
  const stream = createTar({ gzip: true, cwd: dist, portable: true }, files.map(tarPath));
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

export async function publish(site: Site, remote: string, version: string, archive: Buffer) {
  return call<{ created: boolean; stable: boolean; digest: string }>(
    site,
    'PUT',
    `/api/releases/${encodeURIComponent(remote)}/${encodeURIComponent(version)}`,
    archive,
  );
}

/** Signs an admin in (for token commands): the session cookie of the answer. */
export async function signIn(url: string, username: string, password: string): Promise<string> {
  const response = await fetch(new URL('/api/rpc/user_login', url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(url).origin },
    body: JSON.stringify({ username, password }),
  }).catch((error: Error) => {
    throw new ReleaseApiError(`${url} cannot be reached: ${error.message}`);
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ReleaseApiError(`signing in as ${username} failed: ${response.status} ${body?.message ?? ''}`);
  }
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith('gwar_session='));
  if (!cookie) throw new ReleaseApiError('the site set no session cookie');
  return cookie;
}

/** The site named by --url (or GWAR_URL), with --token (or GWAR_RELEASE_TOKEN). */
export function siteOf(values: Values): Site {
  const url = values.url ?? process.env.GWAR_URL;
  if (!url) throw new Error('name the site: --url https://… (or GWAR_URL)');
  return { url, token: values.token ?? process.env.GWAR_RELEASE_TOKEN };
}

/** The site, signed in as an admin (--user, default admin): asks for the password, or GWAR_ADMIN_PASSWORD. */
export async function adminSite(values: Values): Promise<Site> {
  const site = siteOf(values);
  const user = values.user ?? 'admin';
  let password = process.env.GWAR_ADMIN_PASSWORD;
  if (!password) {
    const prompt = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
    password = await prompt.question(`password of ${user} on ${site.url}: `);
    prompt.close();
  }
  return { url: site.url, cookie: await signIn(site.url, user, password) };
}
