import JSZip from 'jszip';
import { checkPackage, DEFAULT_LIMITS } from '../headless/workbook/guard';
import { simpleSubmission } from './helpers/workbooks';

/** Files that must never reach a parser: not workbooks, encrypted, truncated, zip bombs. */

const zip = async (files: Record<string, Buffer | string>, level = 6): Promise<Buffer> => {
  const z = new JSZip();
  z.file('[Content_Types].xml', '<Types/>');
  for (const [name, data] of Object.entries(files)) z.file(name, data);
  return z.generateAsync({
    type: 'nodebuffer',
    compression: 'DEFLATE',
    compressionOptions: { level },
  });
};

const errorOf = (data: Buffer, limits = DEFAULT_LIMITS): string => {
  const r = checkPackage(data, limits);
  if (r.ok) throw new Error('expected the package to be refused');
  return r.error;
};

/** Offset of the central directory entry of the `i`th file. */
function centralEntry(data: Buffer, i: number): number {
  let at = data.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  at = data.readUInt32LE(at + 16);
  for (let k = 0; k < i; k++) {
    at += 46 + data.readUInt16LE(at + 28) + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
  }
  return at;
}

describe('checkPackage', () => {
  it('passes a real workbook', async () => {
    const r = checkPackage(await simpleSubmission());
    expect(r.ok).toBe(true);
  });

  it('refuses what is not a workbook', async () => {
    const notZip = 'not a workbook: an .xlsx or .xlsm file is a zip package, and this is not one';
    expect(errorOf(Buffer.from('Battle,Side\nB1,Attacker\n'))).toBe(
      `${notZip} (it is text, perhaps CSV: open it in Excel and save it as .xlsx)`,
    );
    expect(errorOf(Buffer.from('<html><table><tr><td>B1</td></tr></table></html>'))).toBe(
      `${notZip} (it is XML or a web page: an Excel 2003 XML workbook or an HTML table saved as .xls; open it in Excel and save it as .xlsx)`,
    );
    expect(errorOf(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toBe(
      notZip,
    );
    expect(errorOf(Buffer.alloc(0))).toBe('the file is empty (0 bytes): not a workbook');
    // A character cut in two where the look ends is still text; so is UTF-16 ("Unicode Text").
    const csv = Buffer.from(`Battle,Side\n${'x'.repeat(4095 - 12)}ë\n`);
    expect(csv.subarray(0, 4096).toString('utf8').endsWith('\ufffd')).toBe(true);
    expect(errorOf(csv)).toContain('(it is text, perhaps CSV');
    expect(errorOf(Buffer.from('\ufeffBattle\tSide\n', 'utf16le'))).toContain(
      '(it is text in UTF-16, perhaps saved as Unicode Text',
    );
    expect(errorOf(await zip({ 'word/document.xml': '<w/>' }).then(stripTypes))).toMatch(
      /no \[Content_Types\]\.xml/,
    );
  });

  it('says what a renamed document is, when it is not a workbook', async () => {
    expect(errorOf(await zip({ 'word/document.xml': '<w/>' }))).toBe(
      'not a workbook: this is a Word document, not an Excel workbook',
    );
    expect(errorOf(await zip({ 'ppt/presentation.xml': '<p/>' }))).toBe(
      'not a workbook: this is a PowerPoint presentation, not an Excel workbook',
    );
    expect(errorOf(await zip({ 'docProps/app.xml': '<a/>' }))).toBe(
      'not a workbook: the package has no xl/workbook.xml',
    );
    const ods = await zip({
      mimetype: 'application/vnd.oasis.opendocument.spreadsheet',
      'content.xml': '<office:document-content/>',
    }).then(stripTypes);
    expect(errorOf(ods)).toBe(
      'not a workbook: this is an OpenDocument file (.ods); save it as an Excel workbook (.xlsx)',
    );
  });

  it('refuses encrypted workbooks and old .xls files (OLE containers)', () => {
    const ole = Buffer.alloc(4096);
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(ole);
    expect(errorOf(ole)).toMatch(/old binary workbook \(\.xls\)/);
    Buffer.from('EncryptionInfo', 'utf16le').copy(ole, 1024);
    expect(errorOf(ole)).toMatch(/encrypted \(password to open\)/);
  });

  it('refuses a package whose parts are encrypted', async () => {
    const data = await zip({ 'a.xml': '<a/>' });
    const at = centralEntry(data, 1);
    data.writeUInt16LE(data.readUInt16LE(at + 8) | 1, at + 8);
    expect(errorOf(data)).toMatch(/encrypted \(part a\.xml\)/);
  });

  it('refuses truncated files, cut anywhere', async () => {
    const whole = await simpleSubmission();
    for (const keep of [0.2, 0.5, 0.9, 0.99]) {
      expect(errorOf(whole.subarray(0, Math.floor(whole.length * keep)))).toMatch(
        /truncated or damaged/,
      );
    }
  });

  it('refuses a part whose data is corrupt', async () => {
    const data = await zip({ 'a.xml': 'x'.repeat(5000) + Math.random() });
    const at = data.readUInt32LE(centralEntry(data, 1) + 42);
    const begin = at + 30 + data.readUInt16LE(at + 26) + data.readUInt16LE(at + 28);
    data.fill(0xff, begin + 2, begin + 12);
    expect(errorOf(data)).toMatch(/damaged/);
  });

  // A part damaged in place would be copied into the output with its wrong CRC.
  it('refuses a stored part whose bytes no longer match its CRC', async () => {
    const z = new JSZip();
    z.file('[Content_Types].xml', '<Types/>');
    z.file('a.xml', '<a>some text</a>');
    const data = await z.generateAsync({ type: 'nodebuffer', compression: 'STORE' });
    const at = data.readUInt32LE(centralEntry(data, 1) + 42);
    const begin = at + 30 + data.readUInt16LE(at + 26) + data.readUInt16LE(at + 28);
    expect(data.toString('latin1', begin, begin + 3)).toBe('<a>');
    data[begin + 4] ^= 0x20;
    expect(errorOf(data)).toBe('the file is damaged: part a.xml fails its checksum');
  });

  describe('zip bombs', () => {
    it('too many parts', async () => {
      const files: Record<string, string> = {};
      for (let i = 0; i < DEFAULT_LIMITS.maxEntries + 1; i++) files[`p/${i}.xml`] = '';
      expect(errorOf(await zip(files, 1))).toMatch(/parts; the limit is 5000 \(a zip bomb\?\)/);
    });

    // Declared, not written: deflating 128 MB here took seconds; the guard reads the sizes first.
    it('a part declared too large', async () => {
      const data = await zip({ 'big.xml': '<big/>' });
      const entry = centralEntry(data, 1);
      data.writeUInt32LE(DEFAULT_LIMITS.maxEntryBytes + 1, entry + 24);
      data.writeUInt32LE(DEFAULT_LIMITS.maxEntryBytes + 1, data.readUInt32LE(entry + 42) + 22);
      expect(errorOf(data)).toMatch(/big\.xml unpacks to 128 MB; the limit is 128 MB/);
    });

    it('parts declared too large in all', async () => {
      const limits = { ...DEFAULT_LIMITS, maxTotalBytes: 3 * 1024 * 1024, maxRatio: 1e9 };
      const mb = Buffer.alloc(1024 * 1024, 'a');
      const data = await zip({ 'a.xml': mb, 'b.xml': mb, 'c.xml': mb, 'd.xml': mb });
      expect(errorOf(data, limits)).toMatch(/unpacks to more than 3 MB, the limit/);
    });

    it('a part compressed far beyond the ratio of real workbooks', async () => {
      const data = await zip({ 'zeros.xml': Buffer.alloc(8 * 1024 * 1024) });
      expect(errorOf(data)).toMatch(/zeros\.xml is compressed \d+ to 1; the limit is 200/);
    });

    // The entry count is 16 bits: a package of 65,536 + n parts written without zip64 (as JSZip
    // does) declares n, and the rest would pass the cap unread and be dropped from the output.
    // The same here, with the count cut by one.
    it('a directory holding more entries than its end record counts', async () => {
      const data = await zip({ 'a.xml': '<a/>', 'b.xml': '<b/>' });
      const eocd = data.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
      expect(data.readUInt16LE(eocd + 10)).toBe(3);
      data.writeUInt16LE(2, eocd + 8);
      data.writeUInt16LE(2, eocd + 10);
      expect(errorOf(data)).toBe(
        'the file is damaged: its zip directory does not hold the 2 entries it declares',
      );
    });

    // APPNOTE 4.4.1.4: 0xffff parts in the end record defers the count to a zip64 record.
    it('a zip64 package: named as such, not as 65,535 parts', async () => {
      const data = await zip({ 'a.xml': '<a/>' });
      const eocd = data.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
      data.writeUInt16LE(0xffff, eocd + 8);
      data.writeUInt16LE(0xffff, eocd + 10);
      expect(errorOf(data)).toBe(
        'the package is written with zip64 records, which Praetor does not read (Excel writes none for a workbook): open it in Excel and save it again',
      );
    });

    it('a directory that lies about the size of a part', async () => {
      const data = await zip({ 'liar.xml': Buffer.alloc(4 * 1024 * 1024) });
      data.writeUInt32LE(1000, centralEntry(data, 1) + 24);
      expect(errorOf(data)).toMatch(/liar\.xml unpacks to more than its declared 1000 bytes/);
    });
  });
});

/** A zip without its content types part. */
async function stripTypes(data: Buffer): Promise<Buffer> {
  const z = await JSZip.loadAsync(data);
  z.remove('[Content_Types].xml');
  return z.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
