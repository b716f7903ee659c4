import type { LightMyRequestResponse } from 'fastify';
import type { PlumblineServer } from '../../src/app';
import type { Session } from './server';

/** A multipart/form-data body with one file part, as a browser's FormData upload sends it. */
export function multipartBody(fileName: string, content: Uint8Array | string, field = 'file') {
  const boundary = `----plumbline${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, Buffer.from(content), tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** Uploads one file to `url` as `session`. */
export function upload(
  server: PlumblineServer,
  session: Session,
  url: string,
  fileName: string,
  content: Uint8Array | string,
): Promise<LightMyRequestResponse> {
  const body = multipartBody(fileName, content);
  return server.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${session.token}`, 'content-type': body.contentType },
    payload: body.payload,
  });
}
