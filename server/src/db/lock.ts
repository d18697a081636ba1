/**
 * The embedded database belongs to one process: two PGlite instances writing one data folder
 * would corrupt it, and PGlite itself takes no lock. The server holds `server.pid` in the data
 * folder, created exclusively (`wx`), so of two servers started at once only one gets it; a file
 * left by a process that is gone (a crash, SIGKILL) is taken over. `pnpm gwar` checks the same file.
 */
import {
  accessSync,
  closeSync,
  constants,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';

export class DataDirError extends Error {}

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // exists, owned by someone else
  }
}

/** Creates the data folder if needed and takes its lock; throws DataDirError with a clear message. */
export function lockDataDir(dataDir: string): { release(): void } {
  try {
    mkdirSync(dataDir, { recursive: true });
    accessSync(dataDir, constants.W_OK | constants.R_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new DataDirError(
      `the data folder ${dataDir} cannot be created or written (${code}); give this user write access or set DATA_DIR to another folder`,
    );
  }
  const pidFile = path.join(dataDir, 'server.pid');
  for (let attempt = 0; attempt < 3; attempt++) {
    let fd: number;
    try {
      fd = openSync(pidFile, 'wx');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST') {
        throw new DataDirError(
          `cannot write ${pidFile} (${code}): is the data folder's disk full or read-only?`,
        );
      }
      const holder = Number.parseInt(readFileSync(pidFile, 'utf8'), 10);
      if (alive(holder)) {
        throw new DataDirError(
          `the data folder ${dataDir} is in use by another Gwar server (pid ${holder}); stop it first, or give this one another DATA_DIR (or DATABASE_URL)`,
        );
      }
      rmSync(pidFile, { force: true }); // left by a process that is gone
      continue;
    }
    try {
      writeSync(fd, String(process.pid));
    } catch (error) {
      closeSync(fd);
      rmSync(pidFile, { force: true });
      const code = (error as NodeJS.ErrnoException).code;
      throw new DataDirError(`cannot write ${pidFile} (${code}): is the data folder's disk full?`);
    }
    closeSync(fd);
    return {
      release() {
        // Only our own file: never remove a lock another process took after us.
        try {
          if (readFileSync(pidFile, 'utf8') === String(process.pid)) rmSync(pidFile, { force: true });
        } catch {
          // already gone
        }
      },
    };
  }
  throw new DataDirError(`could not take ${pidFile}: another server keeps starting on this data folder`);
}
