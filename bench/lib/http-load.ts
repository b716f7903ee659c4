import { Agent, request } from 'node:http';

export interface LoadResult {
  requests: number;
  errors: number;
  /** Status codes other than 2xx seen, with counts. */
  statuses: Record<string, number>;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  rps: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

function once(agent: Agent, url: URL, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers, method: 'GET' }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * A small closed-loop load generator (autocannon's model): `connections` keep-alive connections,
 * each sending its next request when the previous answer is read, until `requests` answers or
 * `maxSeconds` have passed. Latency is measured per request, from send to the last byte. `{n}` in
 * the URL becomes the request's number (1, 2, …), so every request can ask something not asked before.
 */
export async function load(options: {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  requests: number;
  maxSeconds: number;
  /** The number `{n}` takes in the first request (1 unless given). */
  numberFrom?: number;
}): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const from = options.numberFrom ?? 1;
  const urlOf = (n: number) => new URL(options.url.replaceAll('{n}', String(from + n - 1)));
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  let sent = 0;
  const started = performance.now();
  const deadline = started + options.maxSeconds * 1000;
  async function worker() {
    while (sent < options.requests && performance.now() < deadline) {
      sent += 1;
      const url = urlOf(sent);
      const t0 = performance.now();
      try {
        const status = await once(agent, url, options.headers ?? {});
        latencies.push(performance.now() - t0);
        if (status < 200 || status >= 300) statuses[status] = (statuses[status] ?? 0) + 1;
      } catch {
        errors += 1;
      }
    }
  }
  await Promise.all(Array.from({ length: options.connections }, worker));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    statuses,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1] ?? Number.NaN,
    rps: latencies.length / seconds,
  };
}
