/** Where a command writes: the real streams, or a buffer in tests. */
export interface Io {
  out(text: string): void;
  err(text: string): void;
  /** The error stream when it is a terminal, for progress bars redrawn in place. */
  tty?: { columns: number; write(text: string): void };
}

export const processIo: Io = {
  out: (text) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
  err: (text) => process.stderr.write(text.endsWith('\n') ? text : `${text}\n`),
  get tty() {
    if (!process.stderr.isTTY) return undefined;
    return { columns: process.stderr.columns || 80, write: (t: string) => process.stderr.write(t) };
  },
};

/** Exit statuses: every command means the same by them. */
export const EXIT = { ok: 0, someFailed: 1, usage: 2 } as const;

export class UsageError extends Error {}
