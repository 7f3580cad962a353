import { err, ok, Result } from '../../src/result';
import { findEndOfDirectory, inflate, rawData, readDirectory, ZipEntry } from './zip';

/**
 * A zip package whose directory is read once, with each part unpacked at most once: the guard
 * unpacks the parts the reader and the writer will need and hands them on here, so that no
 * part is inflated twice. A part unpacked later is capped at its declared size (which the
 * guard has checked against the limits), so a lying directory cannot make it any larger.
 */
export class ZipPackage {
  /** Entries by name, without a leading `/`. */
  readonly byName: ReadonlyMap<string, ZipEntry>;
  private readonly unpacked = new Map<ZipEntry, Buffer>();

  constructor(
    readonly data: Buffer,
    readonly entries: readonly ZipEntry[],
    /** Where the central directory starts: no part's data may reach past it. */
    readonly start: number,
  ) {
    this.byName = new Map(entries.map((e) => [e.name.replace(/^\//, ''), e]));
  }

  /** The package's directory, checked for shape only (the limits are the guard's). */
  static open(data: Buffer): Result<ZipPackage> {
    const eocd = findEndOfDirectory(data);
    if (eocd < 0) return err('not a zip package');
    const directory = readDirectory(data, eocd);
    if (!directory.ok) return directory;
    return ok(new ZipPackage(data, directory.value.entries, directory.value.start));
  }

  /** A package from bytes, or the package itself; throws when the bytes are no zip package. */
  static of(source: Buffer | ZipPackage): ZipPackage {
    if (source instanceof ZipPackage) return source;
    const opened = ZipPackage.open(source);
    if (!opened.ok) throw new Error(opened.error);
    return opened.value;
  }

  /** A part's stored (compressed) bytes; throws when the file is cut short. */
  raw(entry: ZipEntry): Buffer {
    const r = rawData(this.data, entry, this.start);
    if (!r.ok) throw new Error(r.error);
    return r.value;
  }

  /** A part's contents, unpacked once (with a cap of its declared size, plus one byte). */
  content(entry: ZipEntry): Buffer {
    let content = this.unpacked.get(entry);
    if (content === undefined) {
      content = inflate(this.raw(entry), entry.method, entry.size + 1);
      this.unpacked.set(entry, content);
    }
    return content;
  }

  /** Keeps a part's contents unpacked elsewhere (by the guard, which checked them). */
  keep(entry: ZipEntry, content: Buffer): void {
    this.unpacked.set(entry, content);
  }

  /** The text of the part at `path` (no leading `/`), or undefined when there is none. */
  text(path: string): string | undefined {
    const entry = this.byName.get(path);
    return entry && this.content(entry).toString('utf8');
  }
}
