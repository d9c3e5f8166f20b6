import { Writable } from 'node:stream';

/** A logger option for buildApp/createTestApp that keeps each line the app logs in `lines`. */
export function captureLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, logger: { stream } };
}
