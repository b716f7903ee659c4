import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';

export interface OutboundLimits {
  timeoutMs: number;
  responseMaxBytes: number;
  allowPrivateAddresses: boolean;
}

export interface OutboundResult {
  /** The receiver's status; null when none came. */
  statusCode: number | null;
  ok: boolean;
  /** Why it failed, without the URL (whose path may be a credential). */
  error: string | null;
  durationMs: number;
}

const MAX_REDIRECTS = 3;

/** Loopback, private, link-local, carrier-grade NAT, unspecified and multicast ranges. */
const privateRanges = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 3],
] as const)
  privateRanges.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  privateRanges.addSubnet(net, prefix, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return privateRanges.check(mapped, 'ipv4');
  const family = isIP(address);
  if (family === 0) return false;
  return privateRanges.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

class Refused extends Error {}

/**
 * POSTs a body with bounds: one deadline for the whole exchange, at most `responseMaxBytes` of the
 * answer read, redirects followed only to the same origin (and only 307/308, which keep the method
 * and body), private addresses refused unless allowed (checked on every address the name resolves
 * to, at connect time, so a name cannot resolve to a public address for a check and a private one
 * for the request). Never throws; errors never carry the URL.
 */
export async function postBounded(
  url: string,
  body: string,
  headers: Record<string, string>,
  limits: OutboundLimits,
): Promise<OutboundResult> {
  const started = performance.now();
  const done = (statusCode: number | null, error: string | null): OutboundResult => ({
    statusCode,
    ok: error === null && statusCode !== null && statusCode >= 200 && statusCode < 300,
    error,
    durationMs: Math.round(performance.now() - started),
  });
  let target = new URL(url);
  const origin = target.origin;
  const deadline = Date.now() + limits.timeoutMs;
  for (let hop = 0; ; hop++) {
    let answer: { status: number; location: string | null };
    try {
      answer = await postOnce(target, body, headers, limits, deadline);
    } catch (error) {
      return done(null, describe(error));
    }
    const { status, location } = answer;
    if (status < 300 || status >= 400)
      return done(status, status < 300 ? null : `The receiver answered ${status}.`);
    if (!location) return done(status, `The receiver answered ${status} without a Location.`);
    const next = new URL(location, target);
    if (next.origin !== origin) return done(status, 'Redirected to another host: not followed.');
    if (status !== 307 && status !== 308)
      return done(status, `Redirect ${status} not followed (only 307 and 308 keep the request).`);
    if (hop + 1 >= MAX_REDIRECTS) return done(status, 'Too many redirects.');
    target = next;
  }
}

function describe(error: unknown): string {
  if (error instanceof Refused) return error.message;
  const code = (error as { code?: string }).code;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'The receiver\u2019s host name does not resolve.';
  if (code === 'ECONNREFUSED') return 'The receiver refused the connection.';
  if (code === 'ECONNRESET') return 'The receiver closed the connection.';
  if (code && /CERT|SSL|TLS/.test(code))
    return `The receiver\u2019s TLS certificate was not accepted (${code}).`;
  return code ? `The request failed (${code}).` : 'The request failed.';
}

function postOnce(
  target: URL,
  body: string,
  headers: Record<string, string>,
  limits: OutboundLimits,
  deadline: number,
): Promise<{ status: number; location: string | null }> {
  return new Promise((resolve, reject) => {
    const host = target.hostname.replace(/^\[|\]$/g, '');
    if (!limits.allowPrivateAddresses && isIP(host) && isPrivateAddress(host)) {
      reject(
        new Refused(
          'The receiver is on a private or loopback address, which this installation does not allow.',
        ),
      );
      return;
    }
    const remaining = deadline - Date.now();
    if (remaining <= 0) {
      reject(new Refused('Timed out.'));
      return;
    }
    const lookup = (
      hostname: string,
      options: object,
      callback: (
        err: NodeJS.ErrnoException | null,
        address: string | LookupAddress[],
        family?: number,
      ) => void,
    ) => {
      dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
        if (err) return callback(err, []);
        const list = addresses as LookupAddress[];
        if (!limits.allowPrivateAddresses && list.some((a) => isPrivateAddress(a.address)))
          return callback(
            new Refused(
              'The receiver resolves to a private or loopback address, which this installation does not allow.',
            ),
            [],
          );
        if ((options as { all?: boolean }).all) return callback(null, list);
        const first = list[0];
        if (!first) return callback(Object.assign(new Error('no address'), { code: 'ENOTFOUND' }), []);
        callback(null, first.address, first.family);
      });
    };
    const client = target.protocol === 'https:' ? https : http;
    const request = client.request(target, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      lookup: lookup as never,
      agent: false,
    });
    const timer = setTimeout(() => request.destroy(new Refused('Timed out.')), remaining);
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.on('response', (response) => {
      let read = 0;
      const finish = () => {
        clearTimeout(timer);
        resolve({ status: response.statusCode ?? 0, location: response.headers.location ?? null });
      };
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        // Enough read: the status decides; the rest of the answer is not wanted.
        if (read > limits.responseMaxBytes) {
          response.destroy();
          finish();
        }
      });
      response.on('end', finish);
      response.on('error', finish);
    });
    request.end(body);
  });
}
