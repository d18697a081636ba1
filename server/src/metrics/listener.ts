/**
 * The scrape endpoint: `GET /metrics` on a listener of its own (METRICS_HOST:METRICS_PORT,
 * loopback by default), never on the public port, so nginx and the visitors have no way to it.
 * With METRICS_TOKEN set it also wants `Authorization: Bearer <token>`; a host other than
 * loopback is refused at start without one (config.ts), so a scrape across machines is never
 * open to whoever reaches the port.
 */
import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Metrics } from './registry.ts';

export interface MetricsListener {
  /** The bound port (the configured one, or the one picked for port 0). */
  readonly port: number;
  close(): Promise<void>;
}

function authorized(header: string | undefined, token: string | null): boolean {
  if (token === null) return true;
  const given = Buffer.from(header ?? '');
  const wanted = Buffer.from(`Bearer ${token}`);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

export async function listenForScrapes(
  metrics: Metrics,
  { host, port, token }: { host: string; port: number; token: string | null },
  onError: (error: unknown) => void,
): Promise<MetricsListener> {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found\n');
      return;
    }
    if (!authorized(request.headers.authorization, token)) {
      response
        .writeHead(401, { 'Content-Type': 'text/plain', 'WWW-Authenticate': 'Bearer' })
        .end('unauthorized\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => {
        response.writeHead(200, { 'Content-Type': metrics.registry.contentType });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        onError(error);
        response.writeHead(500, { 'Content-Type': 'text/plain' }).end('metrics failed\n');
      },
    );
  });
  // A scrape is small and quick; a client that stalls is dropped.
  server.requestTimeout = 10_000;
  server.headersTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
