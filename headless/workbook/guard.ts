import * as zlib from 'node:zlib';
import { err, ok, Result } from '../../src/result';
import {
  findEndOfDirectory,
  inflate,
  isZip64,
  LOCAL_SIG,
  rawData,
  readDirectory,
  ZIP64_REFUSED,
  ZipEntry,
} from './zip';
import { ZipPackage } from './zip-package';

/**
 * Checks a file before any parser sees it: that it is a zip package at all (and not an
 * encrypted or legacy OLE file), that it is whole, and that it is no zip bomb. The central
 * directory is read first (entry count, declared sizes and ratios), then every entry is
 * inflated with a hard output cap, so that a lying directory is caught too. The parts that
 * `keep` names are handed on unpacked in the package returned, so that nothing is inflated twice.
 */

export interface PackageLimits {
  /** The file itself. */
  maxFileBytes: number;
  maxEntries: number;
  /** Uncompressed, per entry and in all. */
  maxEntryBytes: number;
  maxTotalBytes: number;
  /** Uncompressed / compressed, checked for entries larger than `ratioFloorBytes`. */
  maxRatio: number;
  ratioFloorBytes: number;
}

export const DEFAULT_LIMITS: PackageLimits = {
  maxFileBytes: 64 * 1024 * 1024,
  maxEntries: 5_000,
  maxEntryBytes: 128 * 1024 * 1024,
  maxTotalBytes: 256 * 1024 * 1024,
  maxRatio: 200,
  ratioFloorBytes: 1024 * 1024,
};

/**
 * The limits for a workbook Praetor wrote (an output verified, reported on, or replaced): an
 * input's parts and a sheet a battle more, however many battles (ten times an input's parts);
 * the other limits, on sizes, as an input's.
 */
export const outputLimits = (limits: PackageLimits = DEFAULT_LIMITS): PackageLimits => ({
  ...limits,
  maxEntries: 10 * limits.maxEntries,
});

const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const MB = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;

/** What a file that is no zip package looks like, when it is plain to see: text, or a web page. */
function whatItIs(data: Buffer): string {
  const bom = data.subarray(0, 2).toString('hex');
  if (bom === 'fffe' || bom === 'feff') {
    return ' (it is text in UTF-16, perhaps saved as Unicode Text: open it in Excel and save it as .xlsx)';
  }
  // The last character may be cut in two at the end of the bytes looked at.
  const head = data
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/\ufffd$/, '');
  if (/[\u0000-\u0008\u000e-\u001f\ufffd]/.test(head)) return '';
  if (/^\s*</.test(head)) {
    return ' (it is XML or a web page: an Excel 2003 XML workbook or an HTML table saved as .xls; open it in Excel and save it as .xlsx)';
  }
  return ' (it is text, perhaps CSV: open it in Excel and save it as .xlsx)';
}

export function checkPackage(
  data: Buffer,
  limits: PackageLimits = DEFAULT_LIMITS,
  keep: (name: string) => boolean = () => false,
): Result<ZipPackage> {
  if (data.length > limits.maxFileBytes) {
    return err(`the file is ${MB(data.length)}; the limit is ${MB(limits.maxFileBytes)}`);
  }
  if (data.subarray(0, 8).equals(OLE_MAGIC)) {
    return err(
      data.includes(Buffer.from('EncryptionInfo', 'utf16le'))
        ? 'the workbook is encrypted (password to open); save a copy without a password'
        : 'this is an old binary workbook (.xls) or another OLE file; save it as .xlsx',
    );
  }
  if (data.length === 0) return err('the file is empty (0 bytes): not a workbook');
  if (data.length < 22 || data.readUInt32LE(0) !== LOCAL_SIG) {
    return err(
      'not a workbook: an .xlsx or .xlsm file is a zip package, and this is not one' +
        whatItIs(data),
    );
  }
  const eocd = findEndOfDirectory(data);
  if (eocd < 0) {
    return err('the file is truncated or damaged: the end of its zip directory is missing');
  }
  const count = data.readUInt16LE(eocd + 10);
  if (isZip64(data, eocd)) return err(ZIP64_REFUSED);
  if (count > limits.maxEntries) {
    return err(`the package has ${count} parts; the limit is ${limits.maxEntries} (a zip bomb?)`);
  }
  const directory = readDirectory(data, eocd);
  if (!directory.ok) return directory;
  const { entries, start } = directory.value;
  const declared = checkDeclared(entries, limits);
  if (!declared.ok) return declared;
  const pkg = new ZipPackage(data, entries, start);
  const inflated = checkContents(pkg, limits, keep);
  if (!inflated.ok) return inflated;
  const names = new Set(entries.map((e) => e.name));
  if (!names.has('[Content_Types].xml')) {
    return err(
      names.has('mimetype') && names.has('content.xml')
        ? 'not a workbook: this is an OpenDocument file (.ods); save it as an Excel workbook (.xlsx)'
        : 'not a workbook: the zip package has no [Content_Types].xml',
    );
  }
  if (!names.has(WORKBOOK_PART)) {
    const other = OTHER_DOCUMENTS.find(([part]) => names.has(part));
    return err(
      other
        ? `not a workbook: this is ${other[1]}, not an Excel workbook`
        : `not a workbook: the package has no ${WORKBOOK_PART}`,
    );
  }
  return ok(pkg);
}

/** The part exceljs, and so the reader, takes a workbook's sheets from. */
const WORKBOOK_PART = 'xl/workbook.xml';

/** Office packages that are not workbooks, by their main part: a renamed file says what it is. */
const OTHER_DOCUMENTS: readonly [part: string, what: string][] = [
  ['word/document.xml', 'a Word document'],
  ['ppt/presentation.xml', 'a PowerPoint presentation'],
];

/** What the directory declares: encryption, methods, sizes and ratios. */
function checkDeclared(entries: readonly ZipEntry[], limits: PackageLimits): Result<true> {
  const names = new Set<string>();
  let declaredTotal = 0;
  for (const entry of entries) {
    if (entry.flags & 1) return err(`the package is encrypted (part ${entry.name})`);
    if (entry.method !== 0 && entry.method !== 8) {
      return err(`part ${entry.name} uses zip method ${entry.method}; only stored and deflate`);
    }
    if (names.has(entry.name)) return err(`the package is damaged: two parts named ${entry.name}`);
    names.add(entry.name);
    if (entry.size > limits.maxEntryBytes) {
      return err(
        `part ${entry.name} unpacks to ${MB(entry.size)}; the limit is ${MB(limits.maxEntryBytes)} (a zip bomb?)`,
      );
    }
    declaredTotal += entry.size;
    if (declaredTotal > limits.maxTotalBytes) {
      return err(
        `the package unpacks to more than ${MB(limits.maxTotalBytes)}, the limit (a zip bomb?)`,
      );
    }
    const ratio = entry.size / Math.max(1, entry.compressedSize);
    if (entry.size > limits.ratioFloorBytes && ratio > limits.maxRatio) {
      return err(
        `part ${entry.name} is compressed ${Math.round(ratio)} to 1; the limit is ${limits.maxRatio} (a zip bomb?)`,
      );
    }
  }
  return ok(true);
}

/**
 * Inflates every entry with a cap: sizes must be what the directory says, data must be whole.
 * The entries `keep` names stay unpacked in the package.
 */
function checkContents(
  pkg: ZipPackage,
  limits: PackageLimits,
  keep: (name: string) => boolean,
): Result<true> {
  let total = 0;
  for (const entry of pkg.entries) {
    const raw = rawData(pkg.data, entry, pkg.start);
    if (!raw.ok) return raw;
    let size = raw.value.length;
    try {
      const content = inflate(raw.value, entry.method, Math.max(1, entry.size + 1));
      size = content.length;
      // A part damaged in place unpacks to its size but not its bytes: Excel would refuse the
      // output it is copied into.
      if (size === entry.size && zlib.crc32(content) !== entry.crc >>> 0) {
        return err(`the file is damaged: part ${entry.name} fails its checksum`);
      }
      if (size === entry.size && keep(entry.name)) pkg.keep(entry, content);
    } catch (e) {
      const code = (e as { code?: string }).code;
      return err(
        code === 'ERR_BUFFER_TOO_LARGE'
          ? `part ${entry.name} unpacks to more than its declared ${entry.size} bytes (a zip bomb?)`
          : `the file is truncated or damaged: part ${entry.name} does not unpack (${(e as Error).message})`,
      );
    }
    if (size !== entry.size) {
      return err(
        `the file is damaged: part ${entry.name} unpacks to ${size} bytes, not the declared ${entry.size}`,
      );
    }
    total += size;
    if (total > limits.maxTotalBytes) {
      return err(
        `the package unpacks to more than ${MB(limits.maxTotalBytes)}, the limit (a zip bomb?)`,
      );
    }
  }
  return ok(true);
}
