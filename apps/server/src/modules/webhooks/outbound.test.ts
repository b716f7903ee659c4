import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { isPrivateAddress, postBounded } from './outbound';

const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }
});

async function serve(handler: RequestListener): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const open = { timeoutMs: 10_000, responseMaxBytes: 1024, allowPrivateAddresses: true };

describe('postBounded', () => {
  it('posts the body with the headers and reports the status', async () => {
    let got = '';
    const url = await serve((req, res) => {
      req.on('data', (c: Buffer) => {
        got += c.toString();
      });
      req.on('end', () => {
        res.statusCode = req.headers['x-test'] === 'yes' ? 204 : 400;
        res.end();
      });
    });
    const result = await postBounded(`${url}/hook`, '{"a":1}', { 'x-test': 'yes' }, open);
    expect(result).toMatchObject({ statusCode: 204, ok: true, error: null });
    expect(got).toBe('{"a":1}');
  });

  it('counts a 500 as a failure', async () => {
    const url = await serve((_req, res) => {
      res.statusCode = 500;
      res.end();
    });
    expect(await postBounded(url, '{}', {}, open)).toMatchObject({ statusCode: 500, ok: false });
  });

  it('refuses loopback and private addresses unless allowed', async () => {
    const url = await serve((_req, res) => res.end());
    const refused = await postBounded(url, '{}', {}, { ...open, allowPrivateAddresses: false });
    expect(refused.ok).toBe(false);
    expect(refused.statusCode).toBeNull();
    expect(refused.error).toMatch(/private or loopback/);
    // By name too: localhost resolves to loopback.
    const byName = await postBounded(
      url.replace('127.0.0.1', 'localhost'),
      '{}',
      {},
      {
        ...open,
        allowPrivateAddresses: false,
      },
    );
    expect(byName.error).toMatch(/private or loopback/);
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '::1',
      'fd00::1',
      '::ffff:10.0.0.1',
    ])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['8.8.8.8', '1.1.1.1', '2606:4700::1111']) expect(isPrivateAddress(a), a).toBe(false);
  });

  it('does not follow a redirect to another host; follows a 307 on the same one', async () => {
    let reached = false;
    const other = await serve((_req, res) => {
      reached = true;
      res.end();
    });
    const away = await serve((_req, res) => {
      res.writeHead(307, { location: `${other}/elsewhere` });
      res.end();
    });
    const result = await postBounded(away, '{}', {}, open);
    expect(result).toMatchObject({ ok: false, statusCode: 307 });
    expect(result.error).toMatch(/another host/);
    expect(reached).toBe(false);

    let bodyAtTarget = '';
    const same = await serve((req, res) => {
      if (req.url === '/old') {
        res.writeHead(308, { location: '/new' });
        res.end();
        return;
      }
      req.on('data', (c: Buffer) => {
        bodyAtTarget += c.toString();
      });
      req.on('end', () => res.end());
    });
    expect(await postBounded(`${same}/old`, '{"b":2}', {}, open)).toMatchObject({
      ok: true,
      statusCode: 200,
    });
    expect(bodyAtTarget).toBe('{"b":2}');
  });

  it('reads no more of the answer than the cap', async () => {
    const url = await serve((_req, res) => {
      res.writeHead(200);
      // An endless answer: the client must stop reading, or this never ends.
      const chunk = Buffer.alloc(16 * 1024, 'x');
      const pump = () => {
        while (res.write(chunk)) {}
      };
      res.on('drain', pump);
      pump();
    });
    const result = await postBounded(url, '{}', {}, open);
    expect(result).toMatchObject({ ok: true, statusCode: 200 });
  });

  it('gives up at the deadline when the receiver never answers', async () => {
    const url = await serve(() => {
      // never answers
    });
    const result = await postBounded(url, '{}', {}, { ...open, timeoutMs: 300 });
    expect(result).toMatchObject({ ok: false, statusCode: null, error: 'Timed out.' });
  });

  it('names no URL in its errors (the path may be a credential)', async () => {
    const result = await postBounded('http://127.0.0.1:1/secret-path-token', '{}', {}, open);
    expect(result.ok).toBe(false);
    expect(result.error).not.toContain('secret-path-token');
  });
});
