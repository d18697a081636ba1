import type { FastifyBaseLogger } from 'fastify';
import { REMOTES, type RemoteDir } from 'shared-api/routes';
import { describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/index.ts';
import type { Events } from '../events.ts';
import { createCohortSequences, formatCohorts, parseCohorts, startReleaseRegistry } from './registry.ts';

describe('cohorts for new visitors', () => {
  const starts = [0.123, 0.5, 0.77, 0.9, 0.31];
  const sequence = () => {
    let i = 0;
    return createCohortSequences(() => starts[i++ % starts.length]!);
  };

  it("cover each remote's 0-99 evenly over any run of consecutive visitors", () => {
    const visitors = Array.from({ length: 200 }, sequence());
    for (const remote of Object.values(REMOTES) as RemoteDir[]) {
      const cohorts = visitors.map((v) => v[remote]!);
      expect(cohorts.every((c) => Number.isInteger(c) && c >= 0 && c < 100)).toBe(true);
      for (const start of [0, 37, 120]) {
        const run = cohorts.slice(start, start + 40);
        for (const percent of [10, 50, 90]) {
          const share = run.filter((c) => c < percent).length / run.length;
          expect(Math.abs(share * 100 - percent), `${remote}: ${percent}% from ${start}`).toBeLessThanOrEqual(
            5,
          );
        }
      }
    }
  });

  it('are drawn apart per remote: two canaries at 50 % reach a quarter of visitors together', () => {
    const visitors = Array.from({ length: 1000 }, sequence());
    const [a, b] = Object.values(REMOTES) as RemoteDir[];
    const both = visitors.filter((v) => v[a!]! < 50 && v[b!]! < 50).length / 10;
    expect(Math.abs(both - 25)).toBeLessThanOrEqual(4);
  });

  it("round-trip through the cookie; one number is every remote's cohort", () => {
    const cohorts = sequence()();
    expect(parseCohorts(formatCohorts(cohorts))).toEqual(cohorts);
    expect(new Set(Object.values(parseCohorts('7')!))).toEqual(new Set([7]));
    for (const bad of ['', '100', '1.2', 'a.b.c.d.e', '1.2.3.4.5.6']) expect(parseCohorts(bad)).toBeNull();
  });
});

describe("a node's registry", () => {
  it('answers a change made on this node at once, even while a read that began before it is in flight', async () => {
    // The channels table: each read sees what is committed when it runs, and answers a moment later.
    let stable = '1.0.0';
    const reads: Array<() => void> = [];
    const db = {
      query: vi.fn(async () => {
        const row = { remote: 'mf-chat', stable, canary: null, percent: 0 };
        await new Promise<void>((resolve) => reads.push(resolve));
        return { rows: [row] };
      }),
    } as unknown as Db;
    const events = {
      subscribe: async () => async () => {},
      onMissed() {},
    } as unknown as Events;
    const answerReads = () => {
      for (const answer of reads.splice(0)) answer();
    };
    const starting = startReleaseRegistry(db, events, { warn() {} } as unknown as FastifyBaseLogger, {
      pollMs: 60_000,
    });
    await vi.waitFor(() => expect(reads).toHaveLength(1));
    answerReads();
    const registry = await starting;
    // A read starts (an announcement, the poll) before this node commits its own change...
    const announced = registry.refresh();
    await vi.waitFor(() => expect(reads).toHaveLength(1));
    stable = '2.0.0';
    // ...and the change's refresh waits for a read that began after it, not for that one.
    const own = registry.refresh();
    let ownSettled = false;
    void own.then(() => {
      ownSettled = true;
    });
    answerReads();
    await announced;
    await vi.waitFor(() => expect(reads).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(ownSettled).toBe(false);
    answerReads();
    await own;
    expect(registry.channels().map((channel) => channel.stable)).toEqual(['2.0.0']);
    await registry.close();
  });
});
