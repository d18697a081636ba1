/** The command line of the admin CLI: its options, and the values that need reading. */
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { RolloutPlan } from '../releases/rollout.ts';

export function parseCommandLine(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      roles: { type: 'string' },
      rating: { type: 'string' },
      force: { type: 'boolean', default: false },
      reason: { type: 'string' },
      url: { type: 'string' },
      token: { type: 'string' },
      version: { type: 'string' },
      dist: { type: 'string' },
      canary: { type: 'string' },
      steps: { type: 'string' },
      pause: { type: 'string' },
      remote: { type: 'string' },
      name: { type: 'string' },
      'expires-days': { type: 'string' },
      user: { type: 'string' },
      hours: { type: 'string' },
      page: { type: 'string' },
      entry: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
}

export type Values = ReturnType<typeof parseCommandLine>['values'];

export function need(args: string[], count: number, usage: string): void {
  if (args.length < count) throw new Error(`usage: pnpm gwar ${usage}`);
}

/** Paths given on the command line are relative to where `pnpm gwar` was run. */
export const fromCaller = (p: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), p);

/** '10m', '90s', '1h', '2h30m' or a number of seconds: the CLI's `--pause`. */
export function parsePause(text: string): number {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const match = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(trimmed);
  if (!match || trimmed === '') throw new Error(`--pause "${text}": write it as 10m, 90s, 1h or 1h30m`);
  const [, h = '0', m = '0', s = '0'] = match;
  return Number(h) * 3600 + Number(m) * 60 + Number(s);
}

/** '5,25,50,100': the CLI's `--steps`. The schema (shared-api) checks the values. */
export function parseSteps(text: string): number[] {
  return text.split(',').map((part) => {
    const value = Number(part.trim().replace(/%$/, ''));
    if (!Number.isInteger(value)) throw new Error(`--steps "${text}": write shares as 5,25,50,100`);
    return value;
  });
}

/** --steps 5,25,50,100 --pause 10m: the plan of a progressive rollout. */
export function rolloutPlan(values: Values): RolloutPlan {
  if (!values.steps || !values.pause)
    throw new Error('a rollout needs --steps (5,25,50,100) and --pause (10m)');
  return { steps: parseSteps(values.steps), pauseSeconds: parsePause(values.pause) };
}

/** --force --reason "…": canary a release the health guard rolled back (it is quarantined). */
export function override(values: Values): { force?: true; reason?: string } {
  if (!values.force) return {};
  if (!values.reason) throw new Error('--force needs --reason "why this release may run again"');
  return { force: true, reason: values.reason };
}
