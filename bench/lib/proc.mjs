/**
 * What Linux's /proc says of a process, for the benchmarks that count CPU and memory beside their
 * timings (mixed.mjs, cluster.mjs, ssr.mjs). CPU times are in ms, at 100 ticks a second.
 */
import { readdirSync, readFileSync } from 'node:fs';

/**
 * A process's fields from /proc/<pid>/stat, or null once it is gone: its parent, its own CPU
 * time, the CPU time of its children it has reaped, and its start time (which tells a process
 * from a later one with the same id).
 */
export function procStat(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 3 (the state) on, after the name in parentheses: field n is fields[n - 3].
    const fields = text.slice(text.lastIndexOf(') ') + 2).split(' ');
    return {
      ppid: Number(fields[1]),
      own: (Number(fields[11]) + Number(fields[12])) * 10,
      reaped: (Number(fields[13]) + Number(fields[14])) * 10,
      start: fields[19],
    };
  } catch {
    return null;
  }
}

/** Milliseconds of CPU (user + system) the process itself has used (0 once it is gone). */
export function cpuMs(pid) {
  return procStat(pid)?.own ?? 0;
}

/**
 * Milliseconds of CPU a process and its children have used: its own, its live children's, and
 * those of children that exited (in its reaped time once it reaps them, so a child that exits
 * between two samples moves from one sum to the other). For a server of many processes, such as
 * PostgreSQL's postmaster and its backends.
 */
export function familyCpuMs(pid) {
  const parent = procStat(pid);
  if (!parent) return 0;
  let ms = parent.own + parent.reaped;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const child = procStat(name);
    if (child?.ppid === pid) ms += child.own;
  }
  return ms;
}

/** The process's peak resident memory so far, in MiB (VmHWM). */
export function peakRssMiB(pid) {
  const kb = Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return kb / 1024;
}
