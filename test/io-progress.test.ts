import { emptyReport, FileReport } from '../headless/file-report';
import { fileLine, startProgress } from '../headless/progress';
import { problemLines, summaryTable } from '../headless/summary';
import { bufferIo } from './helpers/workbooks';

/** What a batch prints: a line or a bar per file, then the summary and every message. */

const report = (input: string, more: Partial<FileReport> = {}): FileReport => ({
  ...emptyReport(input),
  ...more,
});

const battleError = (error: string) => ({
  id: 'B2',
  where: 'Battles!A3',
  outcome: null,
  winner: null,
  rounds: null,
  attacker: null,
  defender: null,
  captured: [],
  diceUsed: null,
  seed: null,
  dice: null,
  error,
});

const partly = report('/in/bad.xlsx', {
  output: '/out/bad.praetor.xlsx',
  battles: 2,
  resolved: 1,
  errors: 1,
  results: [battleError('Battles!C3: unknown rules "risk"')],
});
const broken = report('/in/junk.xlsx', { errors: 1, error: 'not a workbook' });

describe('progress', () => {
  it('one line per file off a terminal, counting files and naming errors', () => {
    const io = bufferIo();
    const progress = startProgress(io, [partly.input, broken.input]);
    progress.fileDone(partly);
    progress.fileDone(broken);
    progress.finish();
    expect(io.stderr().split('\n')).toEqual([
      '[1/2] bad.xlsx: 2 battles, 1 resolved, 1 error -> /out/bad.praetor.xlsx',
      '[2/2] junk.xlsx: error: not a workbook',
    ]);
  });

  it('escapes control characters of a file name or message', () => {
    expect(fileLine(report('/in/a\nb.xlsx', { error: 'bad\tcell' }))).toBe(
      'a\\nb.xlsx: error: bad\\tcell',
    );
  });

  it('on a terminal, fills the bar by the share of files done, and names a file with battle errors', () => {
    const drawn: string[] = [];
    const io = { ...bufferIo(), tty: { columns: 80, write: (t: string) => drawn.push(t) } };
    const progress = startProgress(io, [partly.input, broken.input]);
    progress.fileDone(partly);
    progress.finish();
    const text = drawn.join('');
    expect(text).toContain(`[${'#'.repeat(20)}${'.'.repeat(20)}] 1/2 bad.xlsx`);
    expect(text).toContain(
      '\r\x1b[2Kbad.xlsx: 2 battles, 1 resolved, 1 error -> /out/bad.praetor.xlsx\n',
    );
    expect(drawn[drawn.length - 1]).toBe('\r\x1b[2K');
  });
});

describe('summary', () => {
  it('totals battles, resolved and errors, and says which files were not written', () => {
    const rows = summaryTable([partly, broken]).split('\n');
    expect(rows.find((r) => r.startsWith('junk.xlsx'))).toMatch(
      /^junk\.xlsx\s+0\s+0\s+1\s+not written\s*$/,
    );
    expect(rows.find((r) => r.startsWith('total'))).toMatch(/^total\s+2\s+1\s+2\s+2 files\s*$/);
    expect(summaryTable([partly])).toMatch(/^total\s+2\s+1\s+1\s+1 file\s*$/m);
  });

  it("lists every error (the file's, the workbook's, each battle's) and warning, each naming its file", () => {
    const named = { ...battleError('battle B3: attacker legion 1: 8 combat units'), id: 'B3' };
    const lines = problemLines([
      {
        ...partly,
        results: [...partly.results, named],
        problems: ['Legions!A6: no battle'],
        warnings: ['Legions!I1: column\nignored'],
        changed: ['battle B1: posted as ended (retreat, 9 shots); fought now, it is paused'],
      },
      broken,
    ]);
    expect(lines).toEqual({
      errors: [
        '/in/bad.xlsx: Legions!A6: no battle',
        // A battle's error that begins at a cell is told with its battle; one that names it
        // already is not named twice.
        '/in/bad.xlsx: battle B2: Battles!C3: unknown rules "risk"',
        '/in/bad.xlsx: battle B3: attacker legion 1: 8 combat units',
        '/in/junk.xlsx: not a workbook',
      ],
      warnings: ['/in/bad.xlsx: Legions!I1: column\\nignored'],
      // Named by the output replaced, whose log said otherwise.
      changed: [
        '/out/bad.praetor.xlsx: battle B1: posted as ended (retreat, 9 shots); fought now, it is paused',
      ],
    });
  });
});
