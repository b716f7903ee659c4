import { createServer } from 'node:net';

/**
 * A TCP port on 127.0.0.1 that nothing listens on right now: the system's pick for port 0, released at
 * once. Another process may take it before the caller does, so callers start on it soon after. The
 * embedded database, the e2e harness and `npm run attack` use it.
 */
export async function freeLoopbackPort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    // A probe that outlives a failed caller must not hold the process open.
    probe.unref();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}
