import { copyFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { run } from './helpers/cli';
import { simpleSubmission, tempDir } from './helpers/workbooks';

/** `praetor verify` and `praetor report` know Excel's lock files, as adjudicate and turn do. */

jest.setTimeout(60_000);

const OPEN =
  'the workbook is open in Excel (its lock file ~$ann.praetor.xlsx is beside it): changes not saved there were not read';
const LOCK =
  "this is Excel's lock file of a workbook open in Excel (it holds who opened it), not a workbook: name the workbook itself";

/** ann.praetor.xlsx and bob.praetor.xlsx, adjudicated; ann's is open in Excel (its lock file beside it). */
async function turn() {
  const dir = tempDir();
  writeFileSync(join(dir, 'ann.xlsx'), await simpleSubmission());
  expect((await run('adjudicate', join(dir, 'ann.xlsx'), '--jobs', '1')).code).toBe(0);
  const ann = join(dir, 'ann.praetor.xlsx');
  const bob = join(dir, 'bob.praetor.xlsx');
  copyFileSync(ann, bob);
  const lock = join(dir, '~$ann.praetor.xlsx');
  writeFileSync(lock, 'Ann Smith'.padEnd(165, ' '));
  return { dir, ann, bob, lock };
}

describe('praetor verify', () => {
  it('warns of a workbook open in Excel, in text and --json; exit status as without it', async () => {
    const { ann, bob } = await turn();
    const text = await run('verify', ann);
    expect(text.code).toBe(0);
    expect(text.out.split('\n')[1]).toBe(`warning: ${OPEN}`);
    expect(text.out).toMatch(/\nOK$/);
    const json = await run('verify', ann, '--json');
    expect(json.code).toBe(0);
    expect(JSON.parse(json.out).warnings).toEqual([OPEN]);
    expect(JSON.parse((await run('verify', bob, '--json')).out)).not.toHaveProperty('warnings');
    expect((await run('verify', bob)).out).not.toContain('warning');

    const both = await run('verify', ann, bob);
    expect(both.code).toBe(0);
    expect(both.out.match(/^warning: .*$/gm)).toEqual([`warning: ${OPEN}`]);
    expect(both.out.split('\n\n')[0]).toContain(`warning: ${OPEN}`);
  });

  it("names Excel's lock file given as a workbook, alone (exit 2) or among others (exit 1)", async () => {
    const { bob, lock } = await turn();
    const alone = await run('verify', lock);
    expect([alone.code, alone.out, alone.err]).toEqual([2, '', `praetor verify: ${lock}: ${LOCK}`]);
    const json = await run('verify', lock, '--json');
    expect(JSON.parse(json.out)).toEqual({ file: lock, ok: false, error: `${lock}: ${LOCK}` });

    const gone = join(dirname(lock), '~$gone.praetor.xlsx');
    expect((await run('verify', gone)).err).toBe(`praetor verify: ${gone}: no such file`);

    const among = await run('verify', lock, bob);
    expect(among.code).toBe(1);
    expect(among.out.split('\n\n')[0]).toBe(`${lock}: could not be checked: ${LOCK}`);
  });
  it('warns of a workbook open in Excel that cannot be checked too', async () => {
    const { dir, bob } = await turn();
    const broken = join(dir, 'cy.praetor.xlsx');
    writeFileSync(broken, 'not a workbook');
    writeFileSync(join(dir, '~$cy.praetor.xlsx'), 'Cy'.padEnd(165, ' '));
    const warning = `warning: ${OPEN.replace('~$ann', '~$cy')}`;
    const alone = await run('verify', broken);
    expect(alone.code).toBe(2);
    expect(alone.err.split('\n')).toEqual([expect.stringMatching(/^praetor verify: /), warning]);
    const json = await run('verify', broken, '--json');
    expect(JSON.parse(json.out).warnings).toEqual([warning.slice('warning: '.length)]);
    const among = await run('verify', broken, bob);
    expect(among.code).toBe(1);
    expect(among.out.split('\n\n')[0].split('\n')).toEqual([
      expect.stringMatching(/could not be checked/),
      warning,
    ]);
  });
});

describe('praetor report', () => {
  it('warns of a workbook open in Excel that it reports, and of no other', async () => {
    const { dir, ann, bob } = await turn();
    const r = await run('report', ann, bob, '--out', join(dir, 'turn.html'));
    expect(r.code).toBe(0);
    expect(r.err.match(/^warning: .*open in Excel.*$/gm)).toEqual([`warning: ${ann}: ${OPEN}`]);
    const alone = await run('report', bob, '--out', join(dir, 'bob.html'));
    expect([alone.code, alone.err]).toEqual([0, `wrote ${join(dir, 'bob.html')}: 2 battles`]);
  });

  it("names Excel's lock file given as an input, alone (exit 2) or among others (exit 1)", async () => {
    const { dir, bob, lock } = await turn();
    const alone = await run('report', lock, '--out', join(dir, 'lock.html'));
    expect(alone.code).toBe(2);
    expect(alone.err).toContain(`${lock}: ${LOCK}`);
    expect(alone.err).not.toContain('zip');

    const among = await run('report', lock, bob, '--out', join(dir, 'both.html'));
    expect(among.code).toBe(1);
    expect(among.err).toContain(`error: ${lock}: ${LOCK}`);
  });
});
