import { crc32, deflateRawSync } from 'node:zlib';

/**
 * Zip packages made by hand, byte by byte as APPNOTE.TXT describes them, so that what a test
 * feeds the reader (extra fields, comments, UTF-8 names, odd methods) does not depend on what
 * the package's own writer or JSZip happen to produce.
 */

export interface HandPart {
  name: string;
  data: Buffer;
  stored?: boolean;
  /** The method written in the headers (default: 0 when stored, else 8). */
  method?: number;
  /** Extra field bytes of the local header, of the central header. */
  localExtra?: Buffer;
  centralExtra?: Buffer;
  comment?: string;
}

/** The two parts the guard asks of any workbook. */
export const MINIMAL: HandPart[] = [
  { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
  { name: 'xl/workbook.xml', data: Buffer.from('<workbook><sheets/></workbook>') },
];

/** A zip package: local headers and data, the central directory, its end record. */
export function handZip(parts: readonly HandPart[], archiveComment = ''): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name, 'utf8');
    const raw = p.stored ? p.data : deflateRawSync(p.data);
    const flags = /^[\x20-\x7e]*$/.test(p.name) ? 0 : 0x800;
    const localExtra = p.localExtra ?? Buffer.alloc(0);
    const centralExtra = p.centralExtra ?? Buffer.alloc(0);
    const comment = Buffer.from(p.comment ?? '', 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(p.method ?? (p.stored ? 0 : 8), 8);
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(crc32(p.data), 14);
    local.writeUInt32LE(raw.length, 18);
    local.writeUInt32LE(p.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(localExtra.length, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    local.copy(central, 6, 4, 26);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt16LE(centralExtra.length, 30);
    central.writeUInt16LE(comment.length, 32);
    central.writeUInt32LE(offset, 42);
    const l = Buffer.concat([local, name, localExtra, raw]);
    locals.push(l);
    centrals.push(Buffer.concat([central, name, centralExtra, comment]));
    offset += l.length;
  }
  const directory = Buffer.concat(centrals);
  const comment = Buffer.from(archiveComment, 'utf8');
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  end.writeUInt16LE(comment.length, 20);
  return Buffer.concat([...locals, directory, end, comment]);
}
