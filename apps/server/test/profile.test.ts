import { AVATAR_MESSAGES } from '@plumbline/contracts';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from './support/backends';
import { multipartBody } from './support/multipart';
import { call, type Session, signUp, type TestServer, testServerForBlock } from './support/server';

// Issue 13 acceptance 4 (server half): the avatar rules of spec 2 §5 checked from the file's bytes, and
// a refused image leaves the stored avatar as it was.
function png(width: number, height: number): Buffer {
  const image = new PNG({ width, height });
  for (let i = 0; i < width * height; i++) image.data.set([(i * 7) % 256, 120, 200, 255], i * 4);
  return PNG.sync.write(image);
}

for (const backend of testBackends()) {
  describe(`profile and avatar (${backend.name})`, () => {
    let server: TestServer;
    let user: Session;

    testServerForBlock(backend, (started) => {
      server = started;
    });
    beforeAll(async () => {
      user = await signUp(server, 'Ava Avatar');
    });

    function putAvatar(fileName: string, content: Uint8Array | string, query = '') {
      const body = multipartBody(fileName, content);
      return server.app.inject({
        method: 'PUT',
        url: `/api/v1/profile/avatar${query}`,
        headers: { authorization: `Bearer ${user.token}`, 'content-type': body.contentType },
        payload: body.payload,
      });
    }
    const storedAvatar = async () =>
      (await call(server, user, 'GET', '/api/v1/profile')).json().profile.avatar_url;

    it('keeps full name, company and preferences, never the e-mail', async () => {
      const res = await call(server, user, 'PATCH', '/api/v1/profile', {
        full_name: 'Ava Avatar-Smith',
        company: 'Quay Architects',
        preferences: { job_title: 'BIM coordinator', emailNotifications: false },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().profile).toMatchObject({
        full_name: 'Ava Avatar-Smith',
        company: 'Quay Architects',
        email: user.email,
        preferences: { job_title: 'BIM coordinator', emailNotifications: false },
      });
      expect((await call(server, user, 'PATCH', '/api/v1/profile', { full_name: '  ' })).statusCode).toBe(
        400,
      );
    });

    it('stores the crop of a good image as a 400 × 400 JPEG', async () => {
      const res = await putAvatar('me.png', png(300, 200), '?x=50&y=20&size=150');
      expect(res.statusCode, res.body).toBe(200);
      const url = res.json().profile.avatar_url as string;
      expect(url.startsWith('data:image/jpeg;base64,')).toBe(true);
      const decoded = jpeg.decode(Buffer.from(url.split(',')[1] as string, 'base64'));
      expect([decoded.width, decoded.height]).toEqual([400, 400]);
      const me = (await call(server, user, 'GET', '/api/v1/auth/me')).json();
      expect(me.user?.avatarUrl ?? me.avatarUrl).toBe(url);
    });

    it('refuses a renamed text file, 99 px, 2049 px, 6 MB and a small crop, and keeps the stored avatar', async () => {
      const before = await storedAvatar();
      expect(before).not.toBeNull();
      const cases: Array<[string, Uint8Array | string, string, number, string]> = [
        ['notes.png', 'this is a text file, not a picture', '', 400, AVATAR_MESSAGES.corrupted],
        ['tiny.png', png(99, 99), '', 400, AVATAR_MESSAGES.tooSmall],
        ['huge.png', png(2049, 100), '', 400, AVATAR_MESSAGES.tooBig],
        [
          'heavy.png',
          Buffer.concat([png(200, 200), Buffer.alloc(6 * 1024 * 1024, 7)]),
          '',
          413,
          AVATAR_MESSAGES.tooLarge,
        ],
        ['crop.png', png(300, 300), '?x=0&y=0&size=40', 400, AVATAR_MESSAGES.crop],
        ['outside.png', png(300, 300), '?x=200&y=0&size=150', 400, AVATAR_MESSAGES.crop],
      ];
      for (const [name, content, query, status, message] of cases) {
        const res = await putAvatar(name, content, query);
        expect(res.statusCode, `${name}: ${res.body}`).toBe(status);
        expect(res.json().error.message, name).toBe(message);
      }
      expect(await storedAvatar()).toBe(before);
    });
  });
}
