import * as zlib from 'node:zlib';
import { err, ok, Result } from '../../src/result';

/**
 * Just enough of the zip format to read a package's directory and to write a package whose
 * unchanged entries are copied as they are, compressed bytes and all: rewriting a workbook
 * then costs only the parts that change.
 */

export interface ZipEntry {
  name: string;
  flags: number;
  method: number;
  /** MS-DOS time and date, as stored. */
  time: number;
  date: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

const EOCD_SIG = 0x06054b50;
const CENTRAL_SIG = 0x02014b50;
export const LOCAL_SIG = 0x04034b50;
/** Names are UTF-8 (general purpose flag bit 11). */
const UTF8_FLAG = 0x800;

/**
 * Zip64 records mark packages past 65,535 parts or 4 GB; Excel writes none for a workbook, but
 * some tools write them for any size. Praetor does not read them, and says so.
 */
export const ZIP64_REFUSED =
  'the package is written with zip64 records, which Praetor does not read (Excel writes none ' +
  'for a workbook): open it in Excel and save it again';

/** Whether an end record defers its count or its directory's place to a zip64 record. */
export const isZip64 = (data: Buffer, eocd: number): boolean =>
  data.readUInt16LE(eocd + 10) === 0xffff || data.readUInt32LE(eocd + 16) === 0xffffffff;

export function findEndOfDirectory(data: Buffer): number {
  const stop = Math.max(0, data.length - 22 - 0xffff);
  for (let i = data.length - 22; i >= stop; i--) {
    if (data.readUInt32LE(i) === EOCD_SIG) return i;
  }
  return -1;
}

/** The central directory's entries, checked for shape only (limits are the guard's). */
export function readDirectory(
  data: Buffer,
  eocd: number,
): Result<{ entries: ZipEntry[]; start: number }> {
  const count = data.readUInt16LE(eocd + 10);
  const size = data.readUInt32LE(eocd + 12);
  const start = data.readUInt32LE(eocd + 16);
  if (isZip64(data, eocd)) {
    return err(ZIP64_REFUSED);
  }
  if (start + size > eocd) {
    return err('the file is truncated or damaged: its zip directory points past the end');
  }
  const entries: ZipEntry[] = [];
  let at = start;
  for (let i = 0; i < count; i++) {
    if (at + 46 > eocd || data.readUInt32LE(at) !== CENTRAL_SIG) {
      return err(`the file is damaged: zip directory entry ${i + 1} of ${count} is unreadable`);
    }
    const nameLength = data.readUInt16LE(at + 28);
    // A size or offset of 0xffffffff defers it to a zip64 extra field (APPNOTE 4.5.3).
    if ([20, 24, 42].some((field) => data.readUInt32LE(at + field) === 0xffffffff)) {
      return err(ZIP64_REFUSED);
    }
    entries.push({
      flags: data.readUInt16LE(at + 8),
      method: data.readUInt16LE(at + 10),
      time: data.readUInt16LE(at + 12),
      date: data.readUInt16LE(at + 14),
      crc: data.readUInt32LE(at + 16),
      compressedSize: data.readUInt32LE(at + 20),
      size: data.readUInt32LE(at + 24),
      localOffset: data.readUInt32LE(at + 42),
      name: data.toString('utf8', at + 46, at + 46 + nameLength),
    });
    at += 46 + nameLength + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
  }
  // The entry count is 16 bits: 65,536 more parts than it says would go unchecked and be lost.
  if (at !== start + size) {
    return err(
      `the file is damaged: its zip directory does not hold the ${count} entries it declares`,
    );
  }
  return ok({ entries, start });
}

/** An entry's stored (compressed) bytes, or an error when the file is cut short. */
export function rawData(data: Buffer, entry: ZipEntry, limit: number): Result<Buffer> {
  const local = entry.localOffset;
  if (local + 30 > limit || data.readUInt32LE(local) !== LOCAL_SIG) {
    return err(`the file is truncated or damaged: part ${entry.name} is missing`);
  }
  const begin = local + 30 + data.readUInt16LE(local + 26) + data.readUInt16LE(local + 28);
  if (begin + entry.compressedSize > limit) {
    return err(`the file is truncated or damaged: part ${entry.name} is cut short`);
  }
  return ok(data.subarray(begin, begin + entry.compressedSize));
}

export function inflate(raw: Buffer, method: number, maxOutputLength: number): Buffer {
  return method === 8 ? zlib.inflateRawSync(raw, { maxOutputLength }) : raw;
}

/** An entry to write: its stored bytes with what the headers say of them. */
export interface OutEntry {
  name: string;
  method: number;
  time: number;
  date: number;
  crc: number;
  size: number;
  raw: Buffer;
}

/** A new or changed entry, deflated. */
export function deflatedEntry(
  name: string,
  content: Buffer,
  stamp: { time: number; date: number },
): OutEntry {
  return {
    name,
    method: 8,
    time: stamp.time,
    date: stamp.date,
    crc: zlib.crc32(content),
    size: content.length,
    // Level 1: Praetor's own sheets are small and plain; speed matters more than a few bytes.
    raw: zlib.deflateRawSync(content, { level: 1 }),
  };
}

/** The package's bytes, made in one buffer: local headers and data, then the directory. */
export function writeZip(entries: readonly OutEntry[]): Buffer {
  const names = entries.map((e) => Buffer.from(e.name, 'utf8'));
  let size = 22;
  for (let i = 0; i < entries.length; i++) size += 76 + 2 * names[i].length + entries[i].raw.length;
  const out = Buffer.allocUnsafe(size);
  const offsets: number[] = [];
  let at = 0;
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    offsets.push(at);
    out.writeUInt32LE(LOCAL_SIG, at);
    out.writeUInt16LE(20, at + 4);
    out.writeUInt16LE(UTF8_FLAG, at + 6);
    out.writeUInt16LE(e.method, at + 8);
    out.writeUInt16LE(e.time, at + 10);
    out.writeUInt16LE(e.date, at + 12);
    out.writeUInt32LE(e.crc >>> 0, at + 14);
    out.writeUInt32LE(e.raw.length, at + 18);
    out.writeUInt32LE(e.size, at + 22);
    out.writeUInt16LE(names[i].length, at + 26);
    out.writeUInt16LE(0, at + 28);
    at += 30;
    at += names[i].copy(out, at);
    at += e.raw.copy(out, at);
  }
  const dirStart = at;
  for (let i = 0; i < entries.length; i++) {
    out.writeUInt32LE(CENTRAL_SIG, at);
    out.writeUInt16LE(20, at + 4);
    // Version needed, flags, method, time, date, CRC, sizes and name length: as the local header.
    out.copy(out, at + 6, offsets[i] + 4, offsets[i] + 30);
    out.fill(0, at + 32, at + 42);
    out.writeUInt32LE(offsets[i], at + 42);
    at += 46;
    at += names[i].copy(out, at);
  }
  out.writeUInt32LE(EOCD_SIG, at);
  out.fill(0, at + 4, at + 8);
  out.writeUInt16LE(entries.length, at + 8);
  out.writeUInt16LE(entries.length, at + 10);
  out.writeUInt32LE(at - dirStart, at + 12);
  out.writeUInt32LE(dirStart, at + 16);
  out.writeUInt16LE(0, at + 20);
  return out;
}
