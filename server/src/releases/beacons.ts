/**
 * `POST /api/release-health`: browsers' reports on the releases of their page load
 * (shell/src/remotes/health.ts, sent with navigator.sendBeacon), counted by pageLoads.ts for the
 * health guard (health.ts), with the page view's Web Vitals (vitals.ts) and errors (errors.ts).
 * 202 with how many outcomes were new, how many releases' vitals and how many errors were stored.
 * A report the schema refuses gets a 400 naming the field and what is wrong with it.
 */
import type { FastifyInstance } from 'fastify';
import { releaseHealthInput } from 'shared-api/validation';
import { badRequest } from '../http/errors.ts';

export function registerHealthBeacons(app: FastifyInstance): void {
  const releases = app.services.releases;
  const config = app.config;
  app.post(
    '/api/release-health',
    {
      // The schema's bounds (shared-api/src/validation/release.ts): 50 events, 10 errors of at most
      // 300 + 10 × 200 characters, vitals for 10 releases, a token of 4 KiB fit in 32 KiB.
      bodyLimit: 32 * 1024,
      // A page load sends one or two. 60 a minute lets dozens of visitors share an address, and
      // bounds what one address can weigh in the guard's judgement (docs/releases.md, "Canary health").
      config: config.rateLimits ? { rateLimit: { max: 60, timeWindow: '1 minute' } } : {},
    },
    async (request, reply) => {
      // sendBeacon sends a string as text/plain (a JSON content type would need a preflight).
      let body: unknown = request.body;
      if (typeof body === 'string') {
        try {
          body = JSON.parse(body);
        } catch {
          throw badRequest('BAD REQUEST', 'the body is not JSON');
        }
      }
      const input = releaseHealthInput.safeParse(body ?? {});
      if (!input.success) {
        const issue = input.error.issues[0];
        throw badRequest(
          'BAD REQUEST',
          `${issue?.path.join('.') || 'the report'}: ${issue?.message ?? 'invalid'}`,
        );
      }
      const recorded = await releases.health.record(input.data);
      return reply
        .status(202)
        .header('Cache-Control', 'no-store')
        .send({ ok: true, ...recorded });
    },
  );
}
