import { crc32, inflateRawSync } from 'node:zlib';
import { checkPackage, DEFAULT_LIMITS } from '../headless/workbook/guard';
import { addSheetsToPackage } from '../headless/workbook/write';
import { resultsContent } from '../headless/workbook/layouts';
import { ZipPackage } from '../headless/workbook/zip-package';
import { handZip, MINIMAL } from './helpers/hand-zip';
import { submission } from './helpers/workbooks';

/** The zip format as APPNOTE.TXT describes it, read and written (packages made by hand). */

/** The parts of a package, by name, unpacked by the package reader once the guard passed it. */
function contents(data: Buffer): Map<string, string> {
  const checked = checkPackage(data);
  if (!checked.ok) throw new Error(checked.error);
  const pkg = checked.value;
  return new Map(pkg.entries.map((e) => [e.name, pkg.content(e).toString('utf8')]));
}

const errorOf = (data: Buffer): string => {
  const r = checkPackage(data, DEFAULT_LIMITS);
  if (r.ok) throw new Error('expected the package to be refused');
  return r.error;
};

/** Every header of a package, walked from its end record (independently of the reader). */
function headers(data: Buffer) {
  const eocd = data.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const entries = [];
  let at = data.readUInt32LE(eocd + 16);
  for (let i = 0; i < data.readUInt16LE(eocd + 10); i++) {
    const nameLength = data.readUInt16LE(at + 28);
    const local = data.readUInt32LE(at + 42);
    const begin = local + 30 + data.readUInt16LE(local + 26) + data.readUInt16LE(local + 28);
    entries.push({
      name: data.toString('utf8', at + 46, at + 46 + nameLength),
      centralFlags: data.readUInt16LE(at + 8),
      localFlags: data.readUInt16LE(local + 6),
      crc: data.readUInt32LE(at + 16),
      localCrc: data.readUInt32LE(local + 14),
      method: data.readUInt16LE(at + 10),
      raw: data.subarray(begin, begin + data.readUInt32LE(at + 20)),
    });
    at += 46 + nameLength + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
  }
  return {
    entries,
    onThisDisk: data.readUInt16LE(eocd + 8),
    total: data.readUInt16LE(eocd + 10),
  };
}

describe('reading a zip package', () => {
  it('reads a package made by hand', () => {
    expect(contents(handZip(MINIMAL)).get('xl/workbook.xml')).toBe(
      '<workbook><sheets/></workbook>',
    );
  });

  // APPNOTE 4.3.16: the end record ends with a comment of up to 65,535 bytes.
  it('finds the end record behind a long archive comment', () => {
    const data = handZip(MINIMAL, 'c'.repeat(40_000));
    expect(contents(data).get('[Content_Types].xml')).toBe('<Types/>');
  });

  // Info-ZIP and many tools add extended timestamps (0x5455) to the headers.
  it('reads parts whose local and central headers carry extra fields and comments', () => {
    const stamp = Buffer.from([0x55, 0x54, 5, 0, 1, 0x10, 0x20, 0x30, 0x40]);
    const data = handZip([
      { ...MINIMAL[0], localExtra: stamp, centralExtra: stamp, comment: 'types' },
      { ...MINIMAL[1], localExtra: Buffer.concat([stamp, stamp]), comment: 'the workbook' },
      { name: 'xl/a.xml', data: Buffer.from('<a>text</a>'), stored: true, localExtra: stamp },
    ]);
    const parts = contents(data);
    expect([...parts.keys()]).toEqual(['[Content_Types].xml', 'xl/workbook.xml', 'xl/a.xml']);
    expect(parts.get('xl/workbook.xml')).toBe('<workbook><sheets/></workbook>');
    expect(parts.get('xl/a.xml')).toBe('<a>text</a>');
  });

  it('reads part names as UTF-8', () => {
    const data = handZip([
      ...MINIMAL,
      { name: 'xl/media/Übersicht-地図.png', data: Buffer.from('x') },
    ]);
    expect(ZipPackage.of(data).byName.has('xl/media/Übersicht-地図.png')).toBe(true);
  });

  // APPNOTE 4.4.1.4: 0xffff and 0xffffffff in the end record mean the zip64 record holds the value.
  it('refuses a zip64 package, by its entry count or directory offset', () => {
    const zip64 =
      'the package is written with zip64 records, which Praetor does not read (Excel writes none for a workbook): open it in Excel and save it again';
    const byCount = handZip(MINIMAL);
    byCount.writeUInt16LE(0xffff, byCount.length - 22 + 8);
    byCount.writeUInt16LE(0xffff, byCount.length - 22 + 10);
    expect(ZipPackage.open(byCount)).toEqual({ ok: false, error: zip64 });
    const byOffset = handZip(MINIMAL);
    byOffset.writeUInt32LE(0xffffffff, byOffset.length - 22 + 16);
    expect(errorOf(byOffset)).toBe(zip64);
    // APPNOTE 4.5.3: an entry's size, compressed size or offset deferred to a zip64 extra field.
    for (const field of [20, 24, 42]) {
      const bySize = handZip(MINIMAL);
      const start = bySize.readUInt32LE(bySize.length - 22 + 16);
      bySize.writeUInt32LE(0xffffffff, start + field);
      expect(errorOf(bySize)).toBe(zip64);
    }
  });

  it('refuses a directory entry without its signature', () => {
    const data = handZip(MINIMAL);
    const start = data.readUInt32LE(data.length - 22 + 16);
    const second = start + 46 + '[Content_Types].xml'.length;
    expect(data.readUInt32LE(second)).toBe(0x02014b50);
    data.writeUInt32LE(0x02014b51, second);
    expect(errorOf(data)).toBe('the file is damaged: zip directory entry 2 of 2 is unreadable');
  });

  it('refuses a directory that claims to reach past the end record', () => {
    const data = handZip(MINIMAL);
    const end = data.length - 22;
    data.writeUInt32LE(data.readUInt32LE(end + 12) + 1, end + 12);
    expect(errorOf(data)).toBe(
      'the file is truncated or damaged: its zip directory points past the end',
    );
  });

  it('refuses a part whose local header is not where the directory says', () => {
    const fixed = handZip(MINIMAL);
    const second = fixed.indexOf(Buffer.from('xl/workbook.xml')) - 30;
    expect(fixed.readUInt32LE(second)).toBe(0x04034b50);
    fixed.writeUInt32LE(0x04034b51, second);
    expect(errorOf(fixed)).toBe(
      'the file is truncated or damaged: part xl/workbook.xml is missing',
    );
  });

  it('refuses a part whose data would run into the directory', () => {
    const data = handZip(MINIMAL.map((p) => ({ ...p, stored: true })));
    const start = data.readUInt32LE(data.length - 22 + 16);
    const second = start + 46 + '[Content_Types].xml'.length;
    data.writeUInt32LE(data.readUInt32LE(second + 20) + 10, second + 20);
    expect(errorOf(data)).toBe(
      'the file is truncated or damaged: part xl/workbook.xml is cut short',
    );
  });
});

describe('writing a zip package', () => {
  async function output(): Promise<Buffer> {
    const input = await submission([['B1']], [['B1', 'Attacker']]);
    const sheet = resultsContent('Results', [['Battle'], ['B1']], 'turn.xlsx');
    return addSheetsToPackage(input, [sheet]);
  }

  it('writes a CRC-32 of its contents into both headers of every part', async () => {
    const data = await output();
    const { entries } = headers(data);
    expect(entries.length).toBeGreaterThan(0);
    for (const e of entries) {
      const content = e.method === 8 ? inflateRawSync(e.raw) : e.raw;
      expect({ name: e.name, crc: e.crc, local: e.localCrc }).toEqual({
        name: e.name,
        crc: crc32(content),
        local: crc32(content),
      });
    }
    expect(checkPackage(data).ok).toBe(true);
  });

  // APPNOTE 4.4.4, bit 11: names are UTF-8; without it a reader takes them as code page 437.
  it('marks every part name as UTF-8 in both headers', async () => {
    for (const e of headers(await output()).entries) {
      expect({
        name: e.name,
        local: e.localFlags & 0x800,
        central: e.centralFlags & 0x800,
      }).toEqual({ name: e.name, local: 0x800, central: 0x800 });
    }
  });

  it('counts its entries in both fields of the end record', async () => {
    const { entries, onThisDisk, total } = headers(await output());
    expect({ onThisDisk, total }).toEqual({ onThisDisk: entries.length, total: entries.length });
  });

  it('keeps a part with a UTF-8 name, under that name', async () => {
    const input = handZip([
      { name: '[Content_Types].xml', data: Buffer.from('<Types></Types>') },
      {
        name: '_rels/.rels',
        data: Buffer.from(
          '<Relationships><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
        ),
      },
      {
        name: 'xl/workbook.xml',
        data: Buffer.from(
          '<workbook xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets></sheets></workbook>',
        ),
      },
      { name: 'xl/_rels/workbook.xml.rels', data: Buffer.from('<Relationships/>') },
      { name: 'xl/media/Übersicht.png', data: Buffer.from('picture') },
    ]);
    const out = await addSheetsToPackage(input, [
      resultsContent('Results', [['Battle']], 'turn.xlsx'),
    ]);
    expect(contents(out).get('xl/media/Übersicht.png')).toBe('picture');
  });
});
