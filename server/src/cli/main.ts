/**
 * The admin CLI: `pnpm gwar <command>` at the root of the repository. Account commands use the
 * same configuration as the server (DATA_DIR, DATABASE_URL, ...; accounts.ts); release, token and
 * team commands talk to a running site over its API (`--url`, `--token`), from any machine
 * (releases.ts, teams.ts, through client.ts). `pnpm gwar --help` lists them (usage.ts).
 */
// First: an unsupported Node.js stops here with one line (runtime.ts).
import '../runtime.ts';
import { loadConfig } from '../config.ts';
import { accountCommand } from './accounts.ts';
import { parseCommandLine } from './args.ts';
import { ReleaseApiError } from './client.ts';
import { releaseCommand } from './releases.ts';
import { teamCommand } from './teams.ts';
import { USAGE } from './usage.ts';

const config = loadConfig();

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseCommandLine(argv);
  const [command, ...args] = positionals;
  if (!command || values.help) {
    console.log(USAGE);
    return;
  }
  switch (command) {
    case 'user:create':
    case 'user:role':
    case 'user:rating':
    case 'demo':
      return accountCommand(config, command, args, values);
    case 'release':
      return releaseCommand(config, args, values);
    case 'token:create':
    case 'token:revoke':
    case 'team:add':
    case 'team:remove':
    case 'team:list':
      return teamCommand(command, args, values);
    default:
      throw new Error(`unknown command "${command}"\n\n${USAGE}`);
  }
}

try {
  await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof ReleaseApiError) console.error(`gwar: ${error.message}`);
  else console.error(`gwar: ${(error as Error).message}`);
  process.exitCode = 1;
}
