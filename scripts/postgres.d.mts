/** Types for postgres.mjs, imported by the fault tests (server/test/processes.ts). */
export function freePort(start: number): Promise<number>;

export interface Cluster {
  port: number;
  version: string;
  url: string;
  restart(): Promise<void>;
  killPostmaster(): number;
  /** SIGSTOP of the postmaster and every process it started. */
  freeze(): void;
  /** SIGCONT of the same processes. */
  thaw(): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function startPostgres(options: { bin: string; port: number; dir: string }): Promise<Cluster>;

export interface Replica {
  port: number;
  url(database?: string): string;
  start(): Promise<void>;
  kill(): Promise<void>;
  stop(): Promise<void>;
}

export function startReplica(options: {
  bin: string;
  primaryPort: number;
  port: number;
  dir: string;
}): Promise<Replica>;
