import { Writable } from 'node:stream';

// An app built by a test can log into memory, so the test reads its lines as an operator would
// read the server's log (JSON, one line each).

/** Logger options for buildApp that append every line to `lines`. */
export function capturedLogger(lines: string[], level = 'info') {
  return {
    level,
    stream: new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString());
        callback();
      },
    }),
  };
}
