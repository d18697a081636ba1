/**
 * A throwaway PostgreSQL cluster for the integration tests: initdb into a temporary folder
 * (as the `postgres` user when we are root: initdb refuses root), listening on loopback only,
 * with its own socket folder, durability off (it is deleted afterwards).
 */
import { execFileSync } from 'node:child_process';
import { chownSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { run } from './lib.mjs';

/** The first port from `start` nobody listens on. */
export async function freePort(start) {
  for (let port = start; port < start + 100; port++) {
    const free = await new Promise((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port from ${start}`);
}

/**
 * A cluster's folders under `base` (data and its own socket folder), and a runner of the
 * PostgreSQL programs in `bin`: as the `postgres` user when we are root, since initdb and the
 * server refuse to run as root.
 */
function clusterFolder(bin, dir, base) {
  const data = path.join(base, 'data');
  const sockets = path.join(base, 'sockets');
  mkdirSync(sockets, { recursive: true });
  let prefix = [];
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    for (const folder of [dir, base, sockets]) chownSync(folder, uid, gid);
    prefix = ['runuser', '-u', 'postgres', '--'];
  }
  const exec = (program, args) => {
    const full = [...prefix, path.join(bin, program), ...args];
    return run(full[0], full.slice(1), { stdio: ['ignore', 'ignore', 'inherit'] });
  };
  return { data, sockets, exec };
}

export async function startPostgres({ bin, port, dir }) {
  const base = path.join(dir, `pg-${port}`);
  const { data, sockets, exec } = clusterFolder(bin, dir, base);
  const version = execFileSync(path.join(bin, 'postgres'), ['--version'], { encoding: 'utf8' }).trim();
  let code = await exec('initdb', [
    '-D',
    data,
    '-U',
    'postgres',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
    '--no-sync',
  ]);
  if (code !== 0) throw new Error('initdb failed');
  const options = [
    `-p ${port}`,
    `-k ${sockets}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
  ].join(' ');
  code = await exec('pg_ctl', [
    '-D',
    data,
    '-l',
    path.join(base, 'server.log'),
    '-o',
    options,
    '-w',
    '-t',
    '60',
    'start',
  ]);
  if (code !== 0) throw new Error(`pg_ctl start failed (see ${path.join(base, 'server.log')})`);
  const start = () =>
    exec('pg_ctl', [
      '-D',
      data,
      '-l',
      path.join(base, 'server.log'),
      '-o',
      options,
      '-w',
      '-t',
      '60',
      'start',
    ]);
  const postmasterPid = () => Number(readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const signalCluster = (signal) => {
    const pid = postmasterPid();
    process.kill(pid, signal);
    const children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' });
    for (const child of children.split('\n').map(Number).filter(Boolean)) {
      try {
        process.kill(child, signal);
      } catch {
        // ended meanwhile
      }
    }
  };
  return {
    port,
    data,
    exec,
    version: version.replace(/^postgres \(PostgreSQL\) /, ''),
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    // Fault tests: restart it, kill it, start it again.
    async restart() {
      if ((await exec('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'restart'])) !== 0)
        throw new Error('pg_ctl restart failed');
    },
    /** SIGKILL of the postmaster (its backends notice and exit by themselves). */
    killPostmaster() {
      const pid = postmasterPid();
      process.kill(pid, 'SIGKILL');
      return pid;
    },
    /**
     * A frozen server (a stalled disk, a VM paused, a process stopped under a debugger): SIGSTOP
     * of the postmaster, then of every process it started (each backend is a session of its
     * own, so one process group would not reach them). Connections stay open and get no answer.
     */
    freeze() {
      signalCluster('SIGSTOP');
    },
    /** Undoes freeze(): SIGCONT to the same processes. */
    thaw() {
      signalCluster('SIGCONT');
    },
    /** Starts it after a kill; retries while the dead postmaster's backends still hold its memory. */
    async start() {
      for (let attempt = 0; attempt < 20; attempt++) {
        if ((await start()) === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      throw new Error('pg_ctl start failed after a kill');
    },
    async stop() {
      await exec('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      rmSync(base, { recursive: true, force: true });
    },
  };
}

/**
 * A streaming replica of the cluster on `primaryPort`: pg_basebackup (with -R, so it follows
 * the primary) into its own folder, started on `port`. Stopped (fast) or killed (SIGKILL of its
 * postmaster) and started again by the fault tests.
 */
export async function startReplica({ bin, primaryPort, port, dir }) {
  const base = path.join(dir, `replica-${port}`);
  const { data, sockets, exec } = clusterFolder(bin, dir, base);
  let code = await exec('pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(primaryPort),
    '-U',
    'postgres',
    '-D',
    data,
    '-R',
    '-X',
    'stream',
    '--no-sync',
    '--checkpoint=fast',
  ]);
  if (code !== 0) throw new Error('pg_basebackup failed');
  // A hot standby needs at least the primary's max_connections (startPostgres sets 200).
  const options = [
    `-p ${port}`,
    `-k ${sockets}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c hot_standby=on',
    '-c max_connections=200',
  ].join(' ');
  const start = async () => {
    code = await exec('pg_ctl', [
      '-D',
      data,
      '-l',
      path.join(base, 'server.log'),
      '-o',
      options,
      '-w',
      '-t',
      '60',
      'start',
    ]);
    if (code !== 0) throw new Error(`replica start failed (see ${path.join(base, 'server.log')})`);
  };
  await start();
  return {
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    start,
    /** As a crash: every process of the replica stops at once (pg_ctl stop -m immediate). */
    async kill() {
      await exec('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    },
    async stop() {
      await exec('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      rmSync(base, { recursive: true, force: true });
    },
  };
}
