/**
 * The guard rails at upload, and at every switch that puts a release live (shellProblems): a
 * release is refused, with a message saying what to fix, unless
 * - its `mf-manifest.json` parses, names this remote, and every file it lists is in the release;
 * - it still exposes every module the shell's route table and dialogs load from it
 *   (`requiredExposes`, shared-api/src/routes.ts);
 * - it shares each singleton (react, react-dom, react-router-dom, @tanstack/react-query, zustand,
 *   shared-api, shared-ui) as a singleton whose required range the shell's version satisfies:
 *   a remote built against another React or another shared-api would otherwise break on the page;
 * - the exports it expects of each package the shell ships tree-shaken (react-router-dom and
 *   @tanstack/react-query: `TREE_SHAKEN_SHARES` in rspack.base.ts) are all among those the shell
 *   ships: a remote built against a wider list would call exports missing on the page.
 * The shell's side comes from its own build (`shell/dist/mf-manifest.json` and `mf-stats.json`),
 * which is deployed with this server, and the route table deployed with it; a site hands the same
 * to anybody as JSON (`GET /api/release-shell`, shellShareJson), so `pnpm gwar release check`
 * runs these very checks on a team's build before it uploads (check.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { REMOTES, type RemoteDir, type RemoteName, remoteNameOf, requiredExposes } from 'shared-api/routes';
import { z } from 'zod';
import { ApiError } from '../http/errors.ts';
import { serverBundleProblems } from './serverBundle.ts';
import type { BlobStore } from './store.ts';
import type { ReleaseFiles } from './tarball.ts';

/** The singletons every remote must share with the shell (react-dom/client is the host's alone). */
export const REQUIRED_SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-router-dom',
  '@tanstack/react-query',
  'zustand',
  'shared-api',
  'shared-ui',
] as const;

const assetsSchema = z
  .object({
    js: z.object({ sync: z.array(z.string()), async: z.array(z.string()) }).partial(),
    css: z.object({ sync: z.array(z.string()), async: z.array(z.string()) }).partial(),
  })
  .partial();

const manifestSchema = z.object({
  name: z.string(),
  metaData: z.object({
    name: z.string(),
    remoteEntry: z.object({ name: z.string().min(1), path: z.string() }),
    // Declaration files of the exposes (Module Federation's dts plugin, GWAR_TYPES=1 builds).
    types: z.object({ path: z.string(), zip: z.string(), api: z.string() }).partial().optional(),
  }),
  shared: z.array(
    z.object({
      name: z.string(),
      version: z.string().optional(),
      requiredVersion: z.string().optional(),
      singleton: z.boolean().optional(),
      assets: assetsSchema.optional(),
    }),
  ),
  exposes: z.array(
    z.object({ name: z.string(), path: z.string().optional(), assets: assetsSchema.optional() }),
  ),
});

const shellManifestSchema = z.object({
  shared: z.array(z.object({ name: z.string(), version: z.string().optional() })),
});

const statsSchema = z.object({
  shared: z.array(z.object({ name: z.string(), usedExports: z.array(z.string()).optional() })),
});

export class ReleaseRefused extends Error {}

/** What the shell provides, read from its build. */
export interface ShellShare {
  versions: Map<string, string>;
  /** Per tree-shaken shared package, the exports the shell ships (from its `mf-stats.json`). */
  shippedExports: Map<string, Set<string>>;
  /**
   * Per remote (its folder), the modules this shell loads from it: its route table and dialog
   * owners (shared-api/src/routes.ts as deployed with the shell, which a team's checkout may predate).
   */
  requiredExposes: Map<string, string[]>;
}

export function readShellShare(appsDir: string): ShellShare {
  const dist = path.join(appsDir, 'shell', 'dist');
  let manifest: z.infer<typeof shellManifestSchema>;
  let stats: z.infer<typeof statsSchema>;
  try {
    manifest = shellManifestSchema.parse(
      JSON.parse(readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8')),
    );
    stats = statsSchema.parse(JSON.parse(readFileSync(path.join(dist, 'mf-stats.json'), 'utf8')));
  } catch (error) {
    throw new ApiError(
      503,
      'SHELL NOT BUILT',
      `the shell's build (${dist}) cannot be read: ${(error as Error).message}`,
    );
  }
  return {
    versions: new Map(manifest.shared.map((s) => [s.name, s.version ?? ''])),
    shippedExports: new Map(
      stats.shared.filter((s) => s.usedExports?.length).map((s) => [s.name, new Set(s.usedExports)] as const),
    ),
    requiredExposes: new Map(
      Object.entries(REMOTES).map(([name, dir]) => [dir, requiredExposes(name as RemoteName)] as const),
    ),
  };
}

/** The shell's side as JSON (`GET /api/release-shell`): what `release check --url` checks against. */
export const shellShareJsonSchema = z.object({
  shared: z.record(z.string(), z.string()),
  shippedExports: z.record(z.string(), z.array(z.string())),
  requiredExposes: z.record(z.string(), z.array(z.string())),
});
export type ShellShareJson = z.infer<typeof shellShareJsonSchema>;

export function shellShareJson(shell: ShellShare): ShellShareJson {
  return {
    shared: Object.fromEntries(shell.versions),
    shippedExports: Object.fromEntries([...shell.shippedExports].map(([name, set]) => [name, [...set]])),
    requiredExposes: Object.fromEntries(shell.requiredExposes),
  };
}

export function shellShareFromJson(json: unknown): ShellShare {
  const data = shellShareJsonSchema.parse(json);
  return {
    versions: new Map(Object.entries(data.shared)),
    shippedExports: new Map(Object.entries(data.shippedExports).map(([name, list]) => [name, new Set(list)])),
    requiredExposes: new Map(Object.entries(data.requiredExposes)),
  };
}

function parseJson<T>(files: ReleaseFiles, name: string, schema: z.ZodType<T>): T {
  const data = files.get(name);
  if (!data) throw new ReleaseRefused(`${name} is missing: publish the whole dist folder of a build`);
  let json: unknown;
  try {
    json = JSON.parse(data.toString('utf8'));
  } catch (error) {
    throw new ReleaseRefused(`${name} is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ReleaseRefused(
      `${name} is not a Module Federation manifest (${issue?.path.join('.')}: ${issue?.message})`,
    );
  }
  return parsed.data;
}

export interface ReleaseInfo {
  shared: Record<string, string>;
  exposes: string[];
}

type Manifest = z.infer<typeof manifestSchema>;
type Stats = z.infer<typeof statsSchema>;

/**
 * Whether a release of `remote` fits the shell served now: every module the shell loads from it
 * is exposed, every singleton is shared as one in a range the shell's version satisfies, and
 * every export it expects of a tree-shaken package is shipped. The one check behind the upload
 * (validateRelease), every switch that puts a release live (canary, promote, rollback to a
 * version: releaseFitsShell) and the start-up report (compatibility.ts). Empty when it fits;
 * otherwise one message per kind of problem, saying what to do.
 */
export function shellProblems(
  remote: RemoteDir,
  manifest: Manifest,
  stats: Stats,
  shell: ShellShare,
): string[] {
  const name = remoteNameOf(remote) as RemoteName;
  const problems: string[] = [];
  const exposes = manifest.exposes.map((e) => e.name.replace(/^\.\//, '')).sort();
  const required = shell.requiredExposes.get(REMOTES[name]) ?? requiredExposes(name);
  const lost = required.filter((module) => !exposes.includes(module));
  if (lost.length) {
    problems.push(
      `${remote} no longer exposes ${lost.map((m) => `./${m}`).join(', ')}, which the shell loads (shared-api/src/routes.ts)`,
    );
  }

  const singletons: string[] = [];
  for (const singleton of REQUIRED_SINGLETONS) {
    const own = manifest.shared.find((s) => s.name === singleton);
    const shellVersion = shell.versions.get(singleton);
    if (!own) {
      singletons.push(`${singleton} is not shared (build with the shared preset, rspack.base.ts)`);
      continue;
    }
    if (!own.singleton) singletons.push(`${singleton} is shared but not as a singleton`);
    if (!shellVersion) {
      singletons.push(`the shell does not provide ${singleton}`);
      continue;
    }
    const range = own.requiredVersion ?? (own.version ? `^${own.version}` : '*');
    if (!semver.validRange(range) || !semver.satisfies(shellVersion, range)) {
      singletons.push(`${singleton}: built for ${range}, but the shell provides ${shellVersion}`);
    }
  }
  if (singletons.length)
    problems.push(`${remote} is not compatible with the shell: ${singletons.join('; ')}`);

  const beyond: string[] = [];
  for (const share of stats.shared) {
    const shipped = shell.shippedExports.get(share.name);
    const unknown = shipped ? (share.usedExports ?? []).filter((name) => !shipped.has(name)) : [];
    if (unknown.length) beyond.push(`${share.name} exports the shell does not ship: ${unknown.join(', ')}`);
  }
  if (beyond.length) {
    problems.push(
      `${remote} expects ${beyond.join('; ')} ` +
        '(add them to TREE_SHAKEN_SHARES in rspack.base.ts and release the shell first)',
    );
  }
  return problems;
}

/**
 * Every problem of a release of `remote` against the shell, each saying what to fix, and what the
 * release log keeps of it when there is none. The one check of a build, whoever runs it: the
 * upload (validateRelease) and `pnpm gwar release check` in a team's CI (check.ts). A manifest
 * that cannot be read, or names another remote, is the only problem told (nothing else can be
 * judged); otherwise every kind of problem is, so one run of a team's CI lists all it must fix.
 */
export function releaseProblems(
  remote: RemoteDir,
  files: ReleaseFiles,
  shell: ShellShare,
): { problems: string[]; info: ReleaseInfo | null } {
  const name = remoteNameOf(remote) as RemoteName;
  let manifest: Manifest;
  let stats: Stats;
  try {
    manifest = parseJson(files, 'mf-manifest.json', manifestSchema);
    if (manifest.name !== name || manifest.metaData.name !== name) {
      throw new ReleaseRefused(
        `this is a build of "${manifest.name}", not of ${remote} (${name}): check the archive and the remote's name`,
      );
    }
    stats = parseJson(files, 'mf-stats.json', statsSchema);
  } catch (error) {
    if (error instanceof ReleaseRefused) return { problems: [error.message], info: null };
    throw error;
  }
  const { remoteEntry, types } = manifest.metaData;
  const listed = new Set<string>([path.posix.join(remoteEntry.path, remoteEntry.name)]);
  for (const part of [...manifest.exposes, ...manifest.shared]) {
    for (const kind of [part.assets?.js, part.assets?.css]) {
      for (const file of [...(kind?.sync ?? []), ...(kind?.async ?? [])]) listed.add(file);
    }
  }
  for (const file of [types?.zip, types?.api]) {
    if (file) listed.add(path.posix.join(types?.path ?? '', file));
  }
  const problems: string[] = [];
  const missing = [...listed].filter((file) => !files.has(file));
  if (missing.length) {
    problems.push(`the manifest lists files the release does not have: ${missing.slice(0, 5).join(', ')}`);
  }
  problems.push(...shellProblems(remote, manifest, stats, shell));
  problems.push(
    ...serverBundleProblems(
      files,
      manifest.exposes.map((e) => e.name.replace(/^\.\//, '')),
    ),
  );
  if (problems.length) return { problems, info: null };
  const shared: Record<string, string> = {};
  for (const singleton of REQUIRED_SINGLETONS) {
    shared[singleton] = manifest.shared.find((s) => s.name === singleton)?.version ?? '';
  }
  const exposes = manifest.exposes.map((e) => e.name.replace(/^\.\//, '')).sort();
  return { problems: [], info: { shared, exposes } };
}

/**
 * The upload's check: throws ReleaseRefused with every problem (one a line) unless the release
 * fits; returns what the release log keeps of it.
 */
export function validateRelease(remote: RemoteDir, files: ReleaseFiles, shell: ShellShare): ReleaseInfo {
  const { problems, info } = releaseProblems(remote, files, shell);
  if (!info) throw new ReleaseRefused(problems.join('\n'));
  return info;
}

/**
 * The shell check of a stored release (its manifest and stats as they were uploaded, under the
 * store prefix its row records), for a switch that would put it live: empty when it fits the
 * shell served now.
 */
export async function storedReleaseProblems(
  store: Pick<BlobStore, 'get'>,
  shell: ShellShare,
  release: { remote: RemoteDir; version: string; prefix: string },
): Promise<string[]> {
  const { remote, version, prefix } = release;
  const files: ReleaseFiles = new Map();
  for (const name of ['mf-manifest.json', 'mf-stats.json']) {
    const data = await store.get(`${prefix}/${name}`);
    if (data) files.set(name, data);
  }
  if (!files.has('mf-manifest.json')) {
    return [
      `${remote}@${version}: its files are not in the release store this node reads (every node must share one store: FILES_S3_BUCKET)`,
    ];
  }
  try {
    const manifest = parseJson(files, 'mf-manifest.json', manifestSchema);
    const stats = parseJson(files, 'mf-stats.json', statsSchema);
    return shellProblems(remote, manifest, stats, shell);
  } catch (error) {
    if (error instanceof ReleaseRefused) return [`${remote}@${version}: ${error.message}`];
    throw error;
  }
}
