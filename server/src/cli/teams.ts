/**
 * Release tokens and teams (`token:create`, `token:revoke`, `team:add`, `team:remove`,
 * `team:list`): admins' calls on a running site, signed in with the admin's password.
 */
import { need, type Values } from './args.ts';
import { adminSite, read, rpc, siteOf } from './client.ts';

export async function teamCommand(command: string, args: string[], values: Values): Promise<void> {
  switch (command) {
    case 'token:create': {
      if (!values.remote)
        throw new Error('usage: pnpm gwar token:create --remote mf-feed[,mf-chat] --url <site>');
      const site = await adminSite(values);
      const remotes = values.remote.split(',').map((r) => r.trim());
      const created = await rpc<{ id: number; token: string; expires: string | null }>(
        site,
        'release_token_create',
        {
          name: values.name ?? `${remotes.join('+')} CI`,
          remotes,
          ...(values['expires-days'] ? { expiresInDays: Number(values['expires-days']) } : {}),
        },
      );
      console.log(
        `token ${created.id} for ${remotes.join(', ')}${created.expires ? `, until ${created.expires}` : ''}:`,
      );
      console.log(created.token);
      console.log("It is shown only now: store it as a secret of the team's CI (GWAR_RELEASE_TOKEN).");
      return;
    }
    case 'token:revoke': {
      need(args, 1, 'token:revoke <id> --url <site>');
      await rpc(await adminSite(values), 'release_token_revoke', { id: Number(args[0]) });
      console.log(`token ${args[0]} revoked`);
      return;
    }
    case 'team:add':
    case 'team:remove': {
      need(args, 2, `${command} <remote> <username> --url <site>`);
      const [remote, username] = args as [string, string];
      const call = command === 'team:add' ? 'release_member_add' : 'release_member_remove';
      await rpc(await adminSite(values), call, { remote, username });
      console.log(`${username} ${command === 'team:add' ? 'is now in' : 'has left'} the team of ${remote}`);
      return;
    }
    case 'team:list': {
      const site = values.token || process.env.GWAR_RELEASE_TOKEN ? siteOf(values) : await adminSite(values);
      const rows = await read<
        { remote: string; username: string; added_by: string | null; created: string }[]
      >(site, 'release_members', args[0] ? `remote=eq.${encodeURIComponent(args[0])}` : '');
      for (const r of rows)
        console.log(
          `${r.remote.padEnd(14)} ${r.username.padEnd(24)} added by ${r.added_by ?? '–'}, ${r.created}`,
        );
      if (rows.length === 0) console.log('no members yet: pnpm gwar team:add <remote> <username>');
      return;
    }
    default:
      throw new Error(`unknown team command "${command}"`);
  }
}
