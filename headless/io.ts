/** Where a command writes: the real streams, or a buffer in tests. */
export interface Io {
  out(text: string): void;
  err(text: string): void;
}

export const processIo: Io = {
  out: (text) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
  err: (text) => process.stderr.write(text.endsWith('\n') ? text : `${text}\n`),
};

/** Exit statuses: every command means the same by them. */
export const EXIT = { ok: 0, someFailed: 1, usage: 2 } as const;

export class UsageError extends Error {}
