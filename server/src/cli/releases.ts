/**
 * `pnpm gwar release …`: a team's CI or an admin releasing a remote through a running site's API
 * (--url or GWAR_URL; --token or GWAR_RELEASE_TOKEN): publish, canary, rollout, promote,
 * rollback, the lists, previews and local builds; and `release check`, the upload's own checks on
 * a local build (check.ts).
 */
import path from 'node:path';
import { REMOTES, type RemoteDir } from 'shared-api/routes';
import type { Config } from '../config.ts';
import { localVersion, readBuildFolder } from '../releases/localBuilds.ts';
import { describePlan } from '../releases/rollout.ts';
import { fromCaller, need, override, rolloutPlan, type Values } from './args.ts';
import { checkBuild, localShell, printCheck, siteShell } from './check.ts';
import { packDist, publish, read, rpc, siteOf } from './client.ts';
import { USAGE } from './usage.ts';

/** The repository's root, where each remote's folder is. */
const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');

const pct = (failures: number, loads: number) => (loads ? `${((failures / loads) * 100).toFixed(1)}%` : '–');

/** `release check`: needs no token, and no site when the local shell build is there. */
async function releaseCheck(config: Config, remote: string | undefined, values: Values): Promise<void> {
  const remotes = Object.values(REMOTES) as RemoteDir[];
  if (!remote || !remotes.includes(remote as RemoteDir))
    throw new Error(`usage: pnpm gwar release check <${remotes.join('|')}> [--dist DIR] [--url SITE]`);
  const dist = values.dist ? fromCaller(values.dist) : path.join(ROOT, remote, 'dist');
  const url = values.url ?? process.env.GWAR_URL;
  const shell = url ? await siteShell({ url }) : localShell(config.appsDir);
  const against = url
    ? `the shell ${url} serves`
    : `the local shell build (${path.join(config.appsDir, 'shell', 'dist')})`;
  const result = await checkBuild(remote as RemoteDir, dist, shell);
  if (!printCheck(remote as RemoteDir, against, result)) process.exitCode = 1;
}

export async function releaseCommand(config: Config, args: string[], values: Values): Promise<void> {
  const [verb, remote, ...rest] = args;
  if (verb === 'check') return releaseCheck(config, remote, values);
  const site = siteOf(values);
  switch (verb) {
    case 'publish': {
      if (!remote) throw new Error('usage: pnpm gwar release publish <remote> [--version V] [--dist DIR]');
      const appDir = path.join(ROOT, remote);
      const dist = values.dist ? fromCaller(values.dist) : path.join(appDir, 'dist');
      const version = values.version ?? localVersion(appDir, readBuildFolder(dist));
      const archive = await packDist(dist);
      const result = await publish(site, remote, version, archive);
      console.log(
        `${remote}@${version}: ${result.created ? 'published' : 'already published (same files)'}` +
          `${result.stable ? ', and stable (the first release)' : ''} (${(archive.length / 1024).toFixed(0)} KiB)`,
      );
      if (values.steps || values.pause) {
        const plan = rolloutPlan(values);
        await rpc(site, 'release_rollout', { remote, version, ...plan, ...override(values) });
        console.log(`${remote}@${version}: ${describePlan(plan)}`);
      } else if (values.canary) {
        await rpc(site, 'release_canary', {
          remote,
          version,
          percent: Number(values.canary),
          ...override(values),
        });
        console.log(`${remote}@${version}: canary for ${values.canary}% of visitors`);
      }
      return;
    }
    case 'canary': {
      need(rest, 2, 'release canary <remote> <version> <percent> [--force --reason TEXT]');
      await rpc(site, 'release_canary', {
        remote,
        version: rest[0],
        percent: Number(rest[1]),
        ...override(values),
      });
      console.log(`${remote}@${rest[0]}: canary for ${rest[1]}% of visitors`);
      return;
    }
    case 'rollout': {
      need(rest, 1, 'release rollout <remote> <version> --steps 5,25,50,100 --pause 10m');
      const plan = rolloutPlan(values);
      await rpc(site, 'release_rollout', { remote, version: rest[0], ...plan, ...override(values) });
      console.log(`${remote}@${rest[0]}: ${describePlan(plan)}`);
      return;
    }
    case 'promote': {
      const answer = await rpc<{ channel: { stable: string } }>(site, 'release_promote', {
        remote,
        ...(rest[0] ? { version: rest[0] } : {}),
      });
      console.log(`${remote}@${answer.channel.stable} is stable for everybody`);
      return;
    }
    case 'rollback': {
      const answer = await rpc<{ action?: string }>(site, 'release_rollback', {
        remote,
        ...(rest[0] ? { version: rest[0] } : {}),
      });
      console.log(`${remote}: ${answer.action}`);
      return;
    }
    case 'list': {
      if (!remote) throw new Error('usage: pnpm gwar release list <remote>');
      const rows = await read<
        { version: string; created: string; actor: string; channel: string | null; bytes: number }[]
      >(site, 'releases', `remote=eq.${encodeURIComponent(remote)}&order=created.desc&limit=50`);
      for (const r of rows) {
        console.log(`${r.version.padEnd(28)} ${r.created}  ${(r.channel ?? '').padEnd(7)} ${r.actor}`);
      }
      return;
    }
    case 'history': {
      const rows = await read<
        {
          created: string;
          remote: string;
          action: string;
          from: string | null;
          to: string | null;
          percent: number | null;
          actor: string;
          reason: string | null;
        }[]
      >(
        site,
        'release_log',
        `${remote ? `remote=eq.${encodeURIComponent(remote)}&` : ''}order=id.desc&limit=50`,
      );
      for (const r of rows) {
        const share = r.percent === null ? '' : ` ${r.percent}%`;
        console.log(
          `${r.created}  ${r.remote} ${r.action} ${r.from ?? '–'} → ${r.to ?? '–'}${share}  by ${r.actor}${r.reason ? `: ${r.reason}` : ''}`,
        );
      }
      return;
    }
    case 'status': {
      const rows = await read<
        {
          remote: string;
          stable: string;
          canary: string | null;
          percent: number;
          stable_loads: number;
          stable_failures: number;
          canary_loads: number;
          canary_failures: number;
          steps: number[] | null;
          verdict: {
            state: string;
            reason: string;
            step: { step: number; of: number; pauseEnds: string } | null;
          } | null;
        }[]
      >(site, 'release_channels');
      for (const r of rows) {
        const canary = r.canary
          ? `canary ${r.canary} at ${r.percent}% (${pct(r.canary_failures, r.canary_loads)} failed of ${r.canary_loads})`
          : 'no canary';
        console.log(
          `${r.remote.padEnd(14)} stable ${r.stable} (${pct(r.stable_failures, r.stable_loads)} failed of ${r.stable_loads}); ${canary}`,
        );
        if (r.canary && r.steps) {
          const step = r.verdict?.step;
          console.log(
            `${''.padEnd(14)} rollout ${r.steps.join('% → ')}%${step ? `: step ${step.step} of ${step.of}, pause ends ${step.pauseEnds}` : ''}`,
          );
        }
        if (r.canary && r.verdict)
          console.log(`${''.padEnd(14)} guard: ${r.verdict.state}: ${r.verdict.reason}`);
      }
      return;
    }
    case 'preview':
    case 'dev': {
      if (verb === 'preview') need(rest, 1, 'release preview <remote> <version> [--hours H] [--page /path]');
      else if (!values.entry)
        throw new Error(
          'usage: pnpm gwar release dev <remote> --entry http://localhost:<port>/remoteEntry.js',
        );
      const link = await rpc<{ url: string; id: string; expires: string }>(
        site,
        verb === 'preview' ? 'release_preview' : 'release_dev_override',
        {
          remote,
          ...(verb === 'preview' ? { version: rest[0] } : { entry: values.entry }),
          ...(values.hours ? { hours: Number(values.hours) } : {}),
          ...(values.page ? { page: values.page } : {}),
        },
      );
      const what = verb === 'preview' ? `${remote}@${rest[0]}` : `${remote} from ${values.entry}`;
      console.log(
        `Preview of ${what} until ${link.expires} (link ${link.id}); open it signed in as an admin or a member of the team of ${remote}:`,
      );
      console.log(link.url);
      return;
    }
    default:
      throw new Error(`unknown release command "${verb ?? ''}"\n\n${USAGE}`);
  }
}
