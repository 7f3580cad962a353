import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { resolveBattle } from '../src/battle';
import { validateBattle } from '../src/battle-spec';
import { praetor } from './helpers/cli';
import { battle, legion, simpleSubmission, submission, tempDir } from './helpers/workbooks';

/** `praetor report` of several adjudicated workbooks, or of a folder of them: a turn's report. */

const dir = tempDir();
let alba = '';
let gallia = '';

/** A player's workbook, adjudicated in place: `NAME.praetor.xlsx`. */
async function adjudicated(name: string, battles: unknown[][], legions: unknown[][]) {
  const input = join(dir, `${name}.xlsx`);
  writeFileSync(input, await submission(battles, legions));
  expect((await praetor('adjudicate', input, '--jobs', '1')).code).toBe(0);
  return join(dir, `${name}.praetor.xlsx`);
}

beforeAll(async () => {
  // Both players call their first battle B1; only the territory and the leaders tell them apart.
  alba = await adjudicated(
    'alba',
    [battle('B1', { Territory: 'Gallia', Seed: 'alba' }), battle('B2', { Seed: 'two' })],
    [
      legion('B1', 'Attacker', 'Marcus', 4),
      legion('B1', 'Defender', 'Brutus', 3),
      legion('B2', 'Attacker', 'Nero', 3),
      legion('B2', 'Defender', 'Otho', 3),
    ],
  );
  gallia = await adjudicated(
    'gallia',
    [battle('B1', { Territory: 'Hispania', Seed: 'gallia' })],
    [legion('B1', 'Attacker', 'Titus', 2, 1), legion('B1', 'Defender', 'Gaius', 3)],
  );
}, 60000);

let runs = 0;
/** Runs `praetor report INPUTS... --out FILE.html ARGS...`; the HTML is '' when none was written. */
async function report(inputs: string[], ...args: string[]) {
  const out = join(dir, `report-${++runs}.html`);
  const r = await praetor('report', ...inputs, '--out', out, ...args);
  const html = existsSync(out) ? readFileSync(out, 'utf8') : '';
  return {
    ...r,
    out,
    html,
    sections: html.split('</main>')[0].split('<section class="battle"').slice(1),
  };
}

/** A folder (made under the test's folder) holding `files`, each copied from a path. */
function folder(name: string, files: Record<string, string>): string {
  const root = join(dir, name);
  for (const [path, from] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    copyFileSync(from, join(root, path));
  }
  return root;
}

const withoutSource = (section: string) => section.replace(/<p class="source">[^<]*<\/p>\n/, '');

test('two workbooks that both hold a battle B1: both reported, each naming its workbook', async () => {
  const r = await report([alba, gallia]);
  expect(r.err).toBe(`wrote ${r.out}: 3 battles from 2 workbooks\n`);
  expect(r.code).toBe(0);
  expect(r.sections).toHaveLength(3);
  expect(r.sections[0]).toContain(
    'Battle B1 — Gallia</h2>\n<p class="source">From alba.praetor.xlsx</p>',
  );
  expect(r.sections[0]).toContain('Marcus');
  expect(r.sections[1]).toContain('Battle B2</h2>\n<p class="source">From alba.praetor.xlsx</p>');
  expect(r.sections[2]).toContain(
    'Battle B1 — Hispania</h2>\n<p class="source">From gallia.praetor.xlsx</p>',
  );
  expect(r.sections[2]).toContain('Titus');
  // Two B1 headings, two ids: each section is labelled by its own heading.
  const ids = [...r.html.matchAll(/<h2 id="([^"]+)"/g)].map((m) => m[1]);
  expect(ids).toEqual(['battle-B1', 'battle-B2', 'battle-B1-2']);
  expect(r.sections[2]).toMatch(/^ aria-labelledby="battle-B1-2">/);

  // Apart from the line naming the workbook, each battle reads as in its workbook's own report.
  const [one, two] = [await report([alba]), await report([gallia])];
  expect(r.sections.slice(0, 2).map(withoutSource)).toEqual(one.sections);
  expect(withoutSource(r.sections[2]).replace(/battle-B1-2/g, 'battle-B1')).toBe(two.sections[0]);
});

test('one input: the report is as it always was, with no workbook named', async () => {
  const r = await report([alba]);
  expect(r.err).toBe(`wrote ${r.out}: 2 battles\n`);
  expect(r.code).toBe(0);
  expect(r.html).not.toContain('class="source"');
  expect(r.html).not.toContain('alba.praetor.xlsx');
  expect(r.sections[0]).toContain(
    '<h2 id="battle-B1">Battle B1 — Gallia</h2>\n<p class="where">Gallia</p>',
  );
  // A folder that holds one workbook reports it just as when it is named.
  const alone = folder('one', { 'alba.praetor.xlsx': alba });
  const fromFolder = await report([alone]);
  expect(fromFolder.err).toBe(`wrote ${fromFolder.out}: 2 battles\n`);
  expect(fromFolder.html).toBe(r.html);
  // A file named alone that cannot be read is still bad usage, exit 2.
  const raw = join(dir, 'raw.xlsx');
  writeFileSync(raw, await simpleSubmission());
  const bad = await report([raw]);
  expect(bad.code).toBe(2);
  expect(bad.err).toContain(`${raw}: no Results sheet; adjudicate it first`);
  expect(bad.err).not.toContain('error:');
});

test('a folder: its sub-folders searched, sorted by path; the files that are not adjudicated workbooks passed over', async () => {
  const raw = join(dir, 'orders.xlsx');
  writeFileSync(raw, await simpleSubmission());
  const junk = join(dir, 'junk.txt');
  writeFileSync(junk, 'not a workbook');
  const turn = folder('turn', {
    // Sorted by path: alba..., sub/gallia..., zeta... (not a folder's files before its sub-folders').
    'zeta.praetor.xlsx': gallia,
    'alba.praetor.xlsx': alba,
    'sub/gallia.praetor.xlsx': gallia,
    // Not adjudicated workbooks, or not workbooks at all: a report of any would be an error.
    'orders.xlsx': raw,
    'sub/orders.xlsx': raw,
    'battles.json': junk,
    '~$alba.praetor.xlsx': junk,
    '._alba.praetor.xlsx': junk,
    '.hidden/old.praetor.xlsx': junk,
    '__MACOSX/sub/._gallia.praetor.xlsx': junk,
    '__MACOSX/x.praetor.xlsx': junk,
  });
  const r = await report([turn]);
  // zeta and sub/gallia are copies of one workbook: reported twice, and said so.
  // Excel's lock file beside alba is passed over, and says alba is open in Excel.
  expect(r.err).toBe(
    `warning: ${join(turn, 'alba.praetor.xlsx')}: the workbook is open in Excel (its lock file ` +
      '~$alba.praetor.xlsx is beside it): changes not saved there were not read\n' +
      'warning: gallia.praetor.xlsx and zeta.praetor.xlsx hold the same battle B1 (same forces ' +
      'and dice): it is reported twice; is one an earlier output?\n' +
      `wrote ${r.out}: 4 battles from 3 workbooks\n`,
  );
  expect(r.code).toBe(0);
  const sources = r.sections.map((s) => /<p class="source">From ([^<]*)<\/p>/.exec(s)?.[1]);
  expect(sources).toEqual([
    'alba.praetor.xlsx',
    'alba.praetor.xlsx',
    'gallia.praetor.xlsx',
    'zeta.praetor.xlsx',
  ]);
  // The same folder named twice, or with one of its files, is read once.
  const again = await report([turn, join(turn, 'alba.praetor.xlsx'), turn]);
  expect(again.err).toBe(r.err.replace(r.out, again.out));
});

test('files of one name in two folders are told apart by their folders', async () => {
  const turn = folder('players', {
    'alba/orders.praetor.xlsx': alba,
    'gallia/orders.praetor.xlsx': gallia,
  });
  const r = await report([turn]);
  expect(r.code).toBe(0);
  const sources = r.sections.map((s) => /<p class="source">From ([^<]*)<\/p>/.exec(s)?.[1]);
  expect(sources).toEqual([
    join('alba', 'orders.praetor.xlsx'),
    join('alba', 'orders.praetor.xlsx'),
    join('gallia', 'orders.praetor.xlsx'),
  ]);
});

test('a file that cannot be read is an error naming it; the others are reported, exit 1', async () => {
  const junk = join(dir, 'junk.xlsx');
  writeFileSync(junk, 'not a zip');
  const raw = join(dir, 'never-adjudicated.xlsx');
  writeFileSync(raw, await simpleSubmission());
  const missing = join(dir, 'missing.praetor.xlsx');
  const r = await report([alba, junk, raw, missing, gallia]);
  expect(r.code).toBe(1);
  const lines = r.err.trim().split('\n');
  expect(lines).toEqual([
    expect.stringMatching(new RegExp(`^error: ${junk}: not a workbook`)),
    `error: ${raw}: no Results sheet; adjudicate it first (praetor adjudicate ${raw})`,
    `error: ${missing}: no such file or folder`,
    `wrote ${r.out}: 3 battles from 2 workbooks`,
  ]);
  expect(r.sections).toHaveLength(3);
});

test('nothing that can be reported: exit 2, each input named, no report written', async () => {
  const junk = join(dir, 'junk2.xlsx');
  writeFileSync(junk, 'not a zip');
  const empty = join(dir, 'empty');
  mkdirSync(join(empty, 'sub'), { recursive: true });
  writeFileSync(join(empty, 'sub', 'orders.xlsx'), 'a player file, not adjudicated');
  const r = await report([junk, empty]);
  expect(r.code).toBe(2);
  expect(r.err.trim().split('\n')).toEqual([
    expect.stringMatching(new RegExp(`^error: ${junk}: not a workbook`)),
    `error: ${empty}: no adjudicated workbook (NAME.praetor.xlsx or .xlsm) in this folder or its sub-folders`,
    'praetor report: no battle in the inputs could be reported',
  ]);
  expect(existsSync(r.out)).toBe(false);
  // A folder named alone with no adjudicated workbook: the same error, exit 2.
  const alone = await report([empty]);
  expect(alone.code).toBe(2);
  expect(alone.err).toContain(`error: ${empty}: no adjudicated workbook`);
});

test("--battle picks battles across the inputs, FILE:ID one file's; an id no input has is bad usage", async () => {
  const both = await report([alba, gallia], '--battle', 'b1');
  expect(both.code).toBe(0);
  expect(both.err).toBe(`wrote ${both.out}: 2 battles from 2 workbooks\n`);
  expect(both.sections.map((s) => /Battle B1 — (\w+)/.exec(s)?.[1])).toEqual([
    'Gallia',
    'Hispania',
  ]);

  const one = await report([alba, gallia], '--battle', 'gallia.praetor.xlsx:B1', '--battle', 'B2');
  expect(one.err).toBe(`wrote ${one.out}: 2 battles from 2 workbooks\n`);
  expect(one.sections[0]).toContain('Battle B2</h2>');
  expect(one.sections[1]).toContain('Battle B1 — Hispania');

  const path = await report([alba, gallia], '--battle', `${gallia}:b1`);
  expect(path.sections).toHaveLength(1);
  expect(path.sections[0]).toContain('Battle B1 — Hispania');

  const none = await report([alba, gallia], '--battle', 'B7', '--battle', 'alba.praetor.xlsx:B3');
  expect(none.code).toBe(2);
  expect(none.err).toContain('--battle B7, alba.praetor.xlsx:B3: no such battle in the inputs');
  expect(existsSync(none.out)).toBe(false);
});

test('--battle FILE:ID takes the file by its name, a trailing part of its path or a path to it', async () => {
  const turn = folder('named', {
    'alba/orders.praetor.xlsx': alba,
    'gallia/orders.praetor.xlsx': gallia,
  });
  const heads = (r: { sections: string[] }) =>
    r.sections.map((s) => /Battle (B\d)( — \w+)?<\/h2>/.exec(s)?.slice(1).join(''));
  // A name that several inputs share takes the battle of each.
  const byName = await report([turn], '--battle', 'orders.praetor.xlsx:B1');
  expect(heads(byName)).toEqual(['B1 — Gallia', 'B1 — Hispania']);
  const byTail = await report([turn], '--battle', 'named/gallia/orders.praetor.xlsx:b1');
  expect(heads(byTail)).toEqual(['B1 — Hispania']);
  const fromHere = relative(process.cwd(), join(turn, 'alba', 'orders.praetor.xlsx'));
  const byPath = await report([turn], '--battle', `${turn}/x/../alba/orders.praetor.xlsx:B2`);
  expect(heads(byPath)).toEqual(['B2']);
  expect(heads(await report([turn], '--battle', `${fromHere}:B2`))).toEqual(['B2']);
  // One input has no label, but its name and its path still name it.
  const alone = await report([alba], '--battle', 'alba.praetor.xlsx:B2');
  expect(alone.code).toBe(0);
  expect(heads(alone)).toEqual(['B2']);
  expect(heads(await report([alba], '--battle', `${alba}:B1`))).toEqual(['B1 — Gallia']);
});

test('--battle takes ids with colons in them, alone or after FILE:', async () => {
  const ids = join(dir, 'colons.json');
  const fight = (id: string) => ({ id, attacker: '3 INF', defender: '3 INF', seed: id });
  writeFileSync(ids, JSON.stringify([fight('Gallia:1'), fight('Gallia:2'), fight('1')]));
  for (const ask of ['Gallia:2', 'colons.json:Gallia:2', `${ids}:gallia:2`]) {
    const r = await report([ids], '--battle', ask);
    expect([ask, r.code, r.sections.length]).toEqual([ask, 0, 1]);
    expect(r.sections[0]).toContain('Battle Gallia:2</h2>');
  }
  const both = await report([ids, alba], '--battle', 'colons.json:Gallia:1');
  expect(both.sections).toHaveLength(1);
  expect(both.sections[0]).toContain('Battle Gallia:1</h2>');
  // Not a file's name: an id that no input has.
  const none = await report([ids], '--battle', 'Gallia:3');
  expect(none.code).toBe(2);
  expect(none.err).toContain(`--battle Gallia:3: no such battle in ${ids}`);
});

test('--battle FILE:ID whose FILE is none of the inputs says so and lists them', async () => {
  const r = await report([alba, gallia], '--battle', 'B7', '--battle', 'nope.praetor.xlsx:B1');
  expect(r.code).toBe(2);
  expect(r.err).toContain(
    '--battle B7: no such battle in the inputs; --battle nope.praetor.xlsx:B1: no such file ' +
      'among the inputs (alba.praetor.xlsx; gallia.praetor.xlsx)',
  );
  expect(existsSync(r.out)).toBe(false);
  // Five are listed, then how many more.
  const many = Array.from({ length: 7 }, (_, i) => {
    const file = join(dir, `p${i + 1}.json`);
    writeFileSync(
      file,
      JSON.stringify([{ id: 'X', attacker: '3 INF', defender: '3 INF', seed: `${i}` }]),
    );
    return file;
  });
  const seven = await report(many, '--battle', 'p9.json:X');
  expect(seven.err).toContain(
    '--battle p9.json:X: no such file among the inputs ' +
      '(p1.json; p2.json; p3.json; p4.json; p5.json; and 2 more)',
  );
  // One input: named by its path.
  const one = await report([alba], '--battle', 'gallia.praetor.xlsx:B1');
  expect(one.err).toContain(
    `--battle gallia.praetor.xlsx:B1: no such file among the inputs (${alba})`,
  );
});

/** A JSON file of battles sealed for a game and a turn, as "praetor battle --json" prints them. */
function sealedFile(name: string, game: string, turn: number, ids: string[]): string {
  const sealed = { key: '5f'.repeat(32), game, turn };
  const results = ids.map((id) => {
    const b = validateBattle({ id, attacker: '3 INF', defender: '3 INF', sealed });
    const r = b.ok ? resolveBattle(b.value) : b;
    if (!r.ok) throw new Error(r.error);
    return r.value;
  });
  writeFileSync(join(dir, name), JSON.stringify(results));
  return join(dir, name);
}

test('a sealed battle shows its own game and turn; --game and --turn name the others, with a warning where they differ', async () => {
  const sealed = sealedFile('rome3.json', 'Rome', 3, ['S1', 'S2']);
  const plain = join(dir, 'plain.json');
  writeFileSync(
    plain,
    JSON.stringify([{ id: 'P', attacker: '3 INF', defender: '3 INF', seed: 'p' }]),
  );
  const r = await report([sealed, plain], '--game', 'Carthage', '--turn', '4');
  expect(r.code).toBe(0);
  expect(r.err.trim().split('\n')).toEqual([
    'warning: --game "Carthage" is not printed on the sealed battles of game "Rome" ' +
      '(rome3.json: S1, S2); a sealed battle shows its own game',
    'warning: --turn 4 is not printed on the sealed battles of turn 3 (rome3.json: S1, S2); ' +
      'a sealed battle shows its own turn',
    `wrote ${r.out}: 3 battles from 2 files`,
  ]);
  expect(r.sections[0]).toContain('<p class="where">Rome, turn 3</p>');
  expect(r.sections[0]).toContain('Sealed dice (game &quot;Rome&quot;, turn 3,');
  expect(r.sections[1]).toContain('<p class="where">Rome, turn 3</p>');
  expect(r.sections[2]).toContain('<p class="where">Carthage, turn 4</p>');
  expect(r.html).toContain('<title>Carthage, turn 4</title>');

  // Flags that agree with the seal: nothing to warn of.
  const same = await report([sealed, plain], '--game', 'Rome', '--turn', '03');
  expect(same.err).toBe(`wrote ${same.out}: 3 battles from 2 files\n`);
  // One input: the battles are named without a file; only the flag that differs is warned of.
  const alone = await report([sealed], '--game', 'Rome', '--turn', '4', '--battle', 'S2');
  expect(alone.err.trim().split('\n')).toEqual([
    'warning: --turn 4 is not printed on the sealed battle of turn 3 (S2); ' +
      'a sealed battle shows its own turn',
    `wrote ${alone.out}: 1 battle`,
  ]);
  expect(alone.sections[0]).toContain('<p class="where">Rome, turn 3</p>');
});

test('two files that hold the same battle: a warning for each pair of files, both still reported', async () => {
  const dup = folder('dup', {
    'alba/orders.praetor.xlsx': alba,
    'gallia/orders.praetor.xlsx': gallia,
    'out/alba/orders.praetor.xlsx': alba,
  });
  const r = await report([dup]);
  expect(r.code).toBe(0);
  expect(r.err.trim().split('\n')).toEqual([
    `warning: ${join('dup', 'alba', 'orders.praetor.xlsx')} and ` +
      `${join('out', 'alba', 'orders.praetor.xlsx')} hold the same battles B1, B2 ` +
      '(same forces and dice): they are reported twice; is one an earlier output?',
    `wrote ${r.out}: 5 battles from 3 workbooks`,
  ]);
  expect(r.sections).toHaveLength(5);
  // One battle of the two, and a file that failed: still a warning, and the exit status of the error.
  const junk = join(dir, 'junk3.xlsx');
  writeFileSync(junk, 'not a zip');
  const one = await report([dup, junk], '--battle', 'B2');
  expect(one.code).toBe(1);
  expect(one.err).toContain(
    `hold the same battle B2 (same forces and dice): it is reported twice; is one an earlier output?`,
  );
});

test('many copies of one workbook: one warning, counting them, not one per pair', async () => {
  const copies = folder('copies', {
    'a/orders.praetor.xlsx': alba,
    'b/orders.praetor.xlsx': alba,
    'c/orders.praetor.xlsx': alba,
    'd/orders.praetor.xlsx': alba,
    'e/orders.praetor.xlsx': alba,
  });
  const r = await report([copies]);
  expect(r.code).toBe(0);
  const name = (sub: string) => join(sub, 'orders.praetor.xlsx');
  expect(r.err.trim().split('\n')).toEqual([
    `warning: ${name('a')} and 4 other files (${name('b')}, ${name('c')}, ${name('d')} and 1 more) ` +
      'hold the same battles B1, B2 (same forces and dice): they are reported 5 times; are some earlier outputs?',
    `wrote ${r.out}: 10 battles from 5 workbooks`,
  ]);
});

test('a battle that failed when adjudicated is named, with its error, and not reported', async () => {
  const input = join(dir, 'short.xlsx');
  writeFileSync(
    input,
    await submission(
      [battle('A9', { Dice: '1,2' }), battle('A8', { Seed: 'x' })],
      [
        legion('A9', 'Attacker', 'Marcus', 3),
        legion('A9', 'Defender', 'Brutus', 3),
        legion('A8', 'Attacker', 'Titus', 3),
        legion('A8', 'Defender', 'Gaius', 2),
      ],
    ),
  );
  const adjudicate = await praetor('adjudicate', input, '--jobs', '1');
  expect(adjudicate.code).toBe(1);
  // The battle first, then its cell, never the battle twice.
  expect(adjudicate.out).toContain(
    `${input}: battle A9: Battles!J2: the scripted dice ran out after 2 dice`,
  );
  const r = await report([join(dir, 'short.praetor.xlsx')]);
  expect(r.code).toBe(1);
  expect(r.err).toMatch(
    /^error: battle A9: Battles!J2: the scripted dice ran out after 2 dice, .*; not reported$/m,
  );
  expect(r.sections).toHaveLength(1);
});

test('--battle leaves out the errors of battles not asked for, never those of files', async () => {
  const mixed = join(dir, 'mixed.xlsx');
  writeFileSync(
    mixed,
    await submission(
      [battle('B1', { Seed: 'one' }), battle('B3', { Rules: 'risk' })],
      [legion('B1', 'Attacker', 'Marcus', 4), legion('B1', 'Defender', 'Brutus', 3)],
    ),
  );
  await praetor('adjudicate', mixed, '--jobs', '1');
  const output = join(dir, 'mixed.praetor.xlsx');
  const every = await report([output]);
  expect(every.code).toBe(1);
  expect(every.err).toMatch(/^error: .*battle B3: .*; not reported$/m);

  const asked = await report([output], '--battle', 'B1');
  expect(asked.err).toBe(`wrote ${asked.out}: 1 battle\n`);
  expect(asked.code).toBe(0);
  // Across several inputs too, by FILE:ID; a file that cannot be read is still named.
  const junk = join(dir, 'junk.praetor.xlsx');
  writeFileSync(junk, 'not a workbook');
  const several = await report([output, alba, junk], '--battle', 'mixed.praetor.xlsx:B1');
  expect(several.err.trim().split('\n')).toEqual([
    expect.stringMatching(/^error: .*junk\.praetor\.xlsx: /),
    `wrote ${several.out}: 1 battle from 1 workbook`,
  ]);
  expect(several.code).toBe(1);
});
