import { readFileSync } from 'node:fs';
/** Where a command writes: the real streams, or a buffer in tests. */
export interface Io {
  out(text: string): void;
  err(text: string): void;
  /** The error stream when it is a terminal, for progress bars redrawn in place. */
  tty?: { columns: number; write(text: string): void };
  /**
   * Calls `handler` at the first Ctrl-C (SIGINT), until the function returned is called; a
   * second Ctrl-C ends the process at once. Without it, Ctrl-C ends the process as usual.
   */
  interrupts?: (handler: () => void) => () => void;
}

/**
 * A stream whose reader has gone (`praetor ... | head -1`) is written no more, quietly: the
 * command still finishes its work (files are written whole, or not at all), and nothing is
 * printed about the closed pipe. Any other error of the stream is left as it was.
 */
const closed = new WeakSet<NodeJS.WriteStream>();
const guarded = new WeakSet<NodeJS.WriteStream>();

export function guardStream(stream: NodeJS.WriteStream): void {
  if (guarded.has(stream)) return;
  guarded.add(stream);
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE' || e.code === 'ERR_STREAM_DESTROYED') {
      closed.add(stream);
      return;
    }
    // Not a closed pipe: as without this listener, an unhandled stream error.
    if (stream.listenerCount('error') === 1) throw e;
  });
}

export function writeTo(stream: NodeJS.WriteStream, text: string): void {
  guardStream(stream);
  if (closed.has(stream) || stream.destroyed) return;
  try {
    stream.write(text);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EPIPE') throw e;
    closed.add(stream);
  }
}

export const processIo: Io = {
  out: (text) => writeTo(process.stdout, text.endsWith('\n') ? text : `${text}\n`),
  err: (text) => writeTo(process.stderr, text.endsWith('\n') ? text : `${text}\n`),
  get tty() {
    if (!process.stderr.isTTY) return undefined;
    return {
      columns: process.stderr.columns || 80,
      write: (t: string) => writeTo(process.stderr, t),
    };
  },
  interrupts(handler) {
    let pressed = false;
    const listener = () => {
      if (pressed) process.exit(EXIT.interrupted);
      pressed = true;
      handler();
    };
    process.on('SIGINT', listener);
    return () => process.off('SIGINT', listener);
  },
};

/** Exit statuses: every command means the same by them (130: stopped by Ctrl-C, as shells say). */
export const EXIT = { ok: 0, someFailed: 1, usage: 2, interrupted: 130 } as const;

export class UsageError extends Error {}

/**
 * A text file's text (a JSON file's), without the byte order mark Windows editors put first, so
 * that a key file or a file of battles saved there reads as it does anywhere else: UTF-8 (Notepad
 * before 2019 and PowerShell 5's `-Encoding UTF8` start it with the mark), or UTF-16, as
 * PowerShell 5's `>` and Notepad's "Unicode" write it, told by the mark. UTF-32 throws.
 */
export function readTextFile(path: string): string {
  const bytes = readFileSync(path);
  // UTF-32's marks: FF FE 00 00 would otherwise pass for UTF-16's FF FE.
  const utf32 =
    (bytes[0] === 0xff && bytes[1] === 0xfe && bytes[2] === 0 && bytes[3] === 0) ||
    (bytes[0] === 0 && bytes[1] === 0 && bytes[2] === 0xfe && bytes[3] === 0xff);
  if (utf32) throw new Error('it is UTF-32 text, which Praetor does not read: save it as UTF-8');
  const utf16 =
    bytes[0] === 0xff && bytes[1] === 0xfe
      ? 'utf-16le'
      : bytes[0] === 0xfe && bytes[1] === 0xff
        ? 'utf-16be'
        : undefined;
  return new TextDecoder(utf16 ?? 'utf-8').decode(bytes);
}

const ESCAPES: Record<string, string> = {
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\b': '\\b',
  '\f': '\\f',
};

/**
 * `text` on one line of a terminal: control characters (a file name may hold a line break, or
 * an escape sequence) written as in JSON, `\n`, `\u001b`. Everything else is left as it is.
 */
export function printable(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(
    /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g,
    (c) => ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * A path as a POSIX shell takes it whole, and a command never as an option, for commands printed
 * to be copied: as it is when plain, else in single quotes (`'my orders.xlsx'`,
 * `'Ann'\''s.xlsx'`); `./` before a leading `-`.
 */
export function shellWord(path: string): string {
  const word = path.startsWith('-') ? `./${path}` : path;
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
