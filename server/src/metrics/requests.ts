/**
 * Request durations into `gwar_http_request_duration_seconds`, labelled by route template
 * (routeLabels.ts), method and status class. Each route gets its own `onResponse` hook as it is
 * registered, with its label worked out once; each label set's series is resolved once and kept
 * (histogram.ts), so a request costs one observation, no label object and no string built (the
 * cost on the mixed benchmark: bench/README.md, "13. Metrics"). A route whose `config.metrics` is false (a
 * live event stream, open for hours) is not timed.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, onResponseHookHandler } from 'fastify';
import type { Observe } from './histogram.ts';
import type { Metrics } from './registry.ts';
import { routeLabel, statusClass, UNKNOWN_ROUTE } from './routeLabels.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: not timed by the request metrics (metrics/requests.ts). */
    metrics?: boolean;
  }
}

export function observeRequests(app: FastifyInstance, metrics: Metrics): void {
  /** Per label and method, one observer per status class (index: the status's first digit). */
  const observers = new Map<string, Map<string, Observe[]>>();
  const observerOf = (label: string, method: string, status: number): Observe => {
    let byMethod = observers.get(label);
    if (!byMethod) {
      byMethod = new Map();
      observers.set(label, byMethod);
    }
    let byClass = byMethod.get(method);
    if (!byClass) {
      byClass = [];
      byMethod.set(method, byClass);
    }
    const index = Math.floor(status / 100);
    let observe = byClass[index];
    if (!observe) {
      observe = metrics.requestDuration.series({ route: label, method, status_class: statusClass(status) });
      byClass[index] = observe;
    }
    return observe;
  };
  const observe = (label: string, request: FastifyRequest, reply: FastifyReply) =>
    observerOf(label, request.method, reply.statusCode)(reply.elapsedTime / 1000);

  app.addHook('onRoute', (route) => {
    if (route.config?.metrics === false) return;
    const template = route.url;
    const byParameter = template.includes('/:');
    const label = routeLabel(template);
    const hook: onResponseHookHandler = (request, reply, done) => {
      observe(byParameter ? routeLabel(template, request.params) : label, request, reply);
      done();
    };
    const own = route.onResponse;
    route.onResponse = own ? [...(Array.isArray(own) ? own : [own]), hook] : [hook];
  });
  // Requests no route matched (the not-found handler): route-level hooks do not run for them.
  app.addHook('onResponse', (request, reply, done) => {
    if (request.is404) observe(UNKNOWN_ROUTE, request, reply);
    done();
  });
}
