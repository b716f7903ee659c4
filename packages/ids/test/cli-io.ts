/** An in-memory stand-in for the process streams, to run the CLI in-process in tests. */
import type { CliIo } from '../src/cli';

export interface CapturedIo extends CliIo {
  readonly out: () => string;
  readonly outBytes: () => Uint8Array;
  readonly err: () => string;
}

export function captureIo(options: {
  cwd: string;
  isTTY?: boolean;
  env?: Record<string, string>;
}): CapturedIo {
  const outChunks: Uint8Array[] = [];
  const errChunks: string[] = [];
  const encoder = new TextEncoder();
  const outBytes = () => {
    const total = outChunks.reduce((sum, chunk) => sum + chunk.length, 0);
    const bytes = new Uint8Array(total);
    let offset = 0;
    for (const chunk of outChunks) {
      bytes.set(chunk, offset);
      offset += chunk.length;
    }
    return bytes;
  };
  return {
    stdout: {
      isTTY: options.isTTY ?? false,
      write: (chunk: string | Uint8Array) =>
        outChunks.push(typeof chunk === 'string' ? encoder.encode(chunk) : chunk),
    },
    stderr: { write: (chunk: string) => errChunks.push(chunk) },
    env: options.env ?? {},
    cwd: options.cwd,
    out: () => new TextDecoder().decode(outBytes()),
    outBytes,
    err: () => errChunks.join(''),
  };
}
