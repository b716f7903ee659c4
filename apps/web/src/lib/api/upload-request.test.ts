import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '@/lib/api';
import { idsUploadProblems, uploadFile, uploadPercent } from './upload-request';

/** Just enough of XMLHttpRequest to drive uploadFile: records what was sent, answers on demand. */
class FakeRequest {
  method = '';
  url = '';
  withCredentials = false;
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  statusText = '';
  responseText = '';
  aborted = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true } as ProgressEvent);
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

function start(signal?: AbortSignal) {
  const fake = new FakeRequest();
  const percents: number[] = [];
  const file = new File(['ISO-10303-21;\nHEADER;'], 'Wall.ifc');
  const result = uploadFile<{ ok: boolean }>({
    path: '/projects/p1/bimfiles',
    file,
    onProgress: (percent) => percents.push(percent),
    ...(signal ? { signal } : {}),
    createRequest: () => fake as unknown as XMLHttpRequest,
  });
  return { fake, percents, result, file };
}

describe('uploadFile', () => {
  it('posts the file as multipart field "file" with the session cookie and reports progress', async () => {
    const { fake, percents, result, file } = start();
    expect(fake.method).toBe('POST');
    expect(fake.url).toBe('/api/v1/projects/p1/bimfiles');
    expect(fake.withCredentials).toBe(true);
    expect((fake.body as FormData).get('file')).toEqual(file);
    fake.progress(25, 100);
    fake.progress(2, 3);
    fake.answer(201, { ok: true });
    await expect(result).resolves.toEqual({ ok: true });
    expect(percents).toEqual([25, 67, 100]);
  });

  it("rejects with the server's message and fields", async () => {
    const { fake, result } = start();
    fake.answer(400, {
      error: {
        code: 'invalid_ids',
        message: 'The file is not a valid IDS 1.0 file.',
        fields: { 'problems.0': 'x' },
      },
    });
    const error = await result.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).status).toBe(400);
    expect((error as ApiRequestError).message).toBe('The file is not a valid IDS 1.0 file.');
  });

  it('gives a readable message when a proxy answers 413 without an API body', async () => {
    const { fake, result } = start();
    fake.statusText = 'Payload Too Large';
    fake.status = 413;
    fake.responseText = '<html>too large</html>';
    fake.onload?.();
    await expect(result).rejects.toThrow('Request failed with status 413 Payload Too Large.');
  });

  it('reports a network failure and cancels on abort', async () => {
    const failed = start();
    failed.fake.onerror?.();
    await expect(failed.result).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });

    const controller = new AbortController();
    const cancelled = start(controller.signal);
    controller.abort();
    expect(cancelled.fake.aborted).toBe(true);
    await expect(cancelled.result).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('uploadPercent', () => {
  it('rounds to whole percent within 0–100 and is null without a known total', () => {
    expect(uploadPercent(1, 3, true)).toBe(33);
    expect(uploadPercent(150, 100, true)).toBe(100);
    expect(uploadPercent(5, 0, true)).toBeNull();
    expect(uploadPercent(5, 100, false)).toBeNull();
  });
});

describe('idsUploadProblems', () => {
  it("lists the server's problems in numeric order and ignores other fields", () => {
    const fields: Record<string, string> = { file: 'other', 'problems.10': 'eleventh' };
    for (let i = 0; i < 10; i += 1) fields[`problems.${i}`] = `Line ${i + 1}: problem ${i}`;
    const error = new ApiRequestError({ status: 400, code: 'invalid_ids', message: 'm', fields });
    const problems = idsUploadProblems(error);
    expect(problems).toHaveLength(11);
    expect(problems[0]).toBe('Line 1: problem 0');
    expect(problems[9]).toBe('Line 10: problem 9');
    expect(problems[10]).toBe('eleventh');
  });

  it('is empty for anything else', () => {
    expect(idsUploadProblems(new Error('x'))).toEqual([]);
  });
});
