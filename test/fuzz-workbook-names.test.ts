import JSZip from 'jszip';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SaxesParser } from 'saxes';
import seedrandom from 'seedrandom';
import { TURN_ORDERS_NAME, TURN_ROWS_NAME, turnFile } from '../headless/turn-file';
import { resultsContent } from '../headless/workbook/layouts';
import {
  addSheetsToWorkbook,
  hasSheets,
  NewSheet,
  workbookNameFormula,
} from '../headless/workbook/package-parts';
import { addSheetsToPackage, readWorkbookName } from '../headless/workbook/write';
import { scanXml } from '../headless/workbook/xml-scan';
import { economyWorkbook } from './helpers/economy';
import { handZip } from './helpers/hand-zip';
import { parts, tempDir } from './helpers/workbooks';
import { wellFormedError } from './helpers/xml-tree';
import { cpuMs } from './helpers/cpu';

/**
 * A seeded randomized test of the workbook-level defined name a turn sets
 * (`_Praetor_TurnOrders`): xl/workbook.xml variants around `<definedNames>` (absent, empty,
 * with print titles, sheet-local names of the same name, the name in other cases, twice,
 * hidden or not, formulas that are no string constant, empty, with entities, CDATA, comments
 * and processing instructions, whitespace, a default namespace or an `x:` prefix, attributes
 * in any order and quotes, `definedNames` after `calcPr`, beside `functionGroups`,
 * `externalReferences`, `extLst`) fed to `workbookNameFormula` and `addSheetsToWorkbook` on
 * the XML, to `readWorkbookName` and `addSheetsToPackage` on a small package, and a few to
 * `turnFile`. Each case replays from its seed, printed with any failure.
 *
 * Properties, checked by saxes (a conforming, namespace-aware parser), not by the product's
 * scanner: (1) the output part is well-formed; (2) it has one `definedNames` and exactly one
 * workbook-level `_Praetor_TurnOrders` (any case, no localSheetId), hidden, with the formula
 * set; (3) every other defined name is kept byte for byte, in order; (4) a `definedNames` the
 * edit makes is in CT_Workbook's order, one already there stays where it was; (5) the reader
 * gives, before the edit, the first workbook-level name's text ('' when it holds anything but
 * text; a sheet-local one is never read), and after it the formula set; (6) an edit that
 * cannot be made is a plain Error with the product's words, the input's bytes unchanged;
 * (7) each case takes less than CASE_MS of CPU.
 *
 * The random cases write every element of the main namespace with the root's prefix; workbooks
 * that mix prefixes for it (elements were once found by prefix, not namespace) are the tests at
 * the end.
 */

const SEED = 'names-fuzz-1';
const DIRECT_CASES = 1200;
const PACKAGE_CASES = 150;
/** A guard against a blow-up (a backtracking pattern, a loop over every cell), not a speed test. */
const CASE_MS = 2000;

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const NAME = TURN_ORDERS_NAME;
const ORDERS = { name: NAME, formula: `"${'cd'.repeat(32)}"`, hidden: true };
const CANNOT_EXTEND =
  'its sheet index part (xl/workbook.xml) is written in a way Praetor cannot extend safely; save the workbook again in Excel';

/** CT_Workbook's children, in schema order. */
const SCHEMA_ORDER = [
  'fileVersion',
  'fileSharing',
  'workbookPr',
  'workbookProtection',
  'bookViews',
  'sheets',
  'functionGroups',
  'externalReferences',
  'definedNames',
  'calcPr',
  'oleSize',
  'customWorkbookViews',
  'pivotCaches',
  'smartTagPr',
  'smartTagTypes',
  'webPublishing',
  'fileRecoveryPr',
  'webPublishObjects',
  'extLst',
];

type Rng = () => number;
const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)];
const chance = (rng: Rng, p: number) => rng() < p;

/** Whitespace, comments and processing instructions, some holding a name's markup. */
const junk = (rng: Rng): string =>
  pick(rng, [
    '',
    '',
    ' ',
    '\n  ',
    '\r\n\t',
    '<!-- c -->',
    `<!-- <definedNames><definedName name="${NAME}">"trap"</definedName></definedNames> -->`,
    `<?pi <definedName name="${NAME}">x</definedName>?>`,
    '<?pi?>',
  ]);

/** Attributes in a random order, with either quotes and odd spacing. */
function attrs(rng: Rng, list: [string, string][]): string {
  const order = list.map((a) => ({ a, k: rng() })).sort((x, y) => x.k - y.k);
  return order
    .map(({ a: [n, v] }) => {
      const q = chance(rng, 0.2) ? "'" : '"';
      return `${chance(rng, 0.1) ? '\n ' : ' '}${n}${chance(rng, 0.1) ? ' = ' : '='}${q}${v}${q}`;
    })
    .join('');
}

const HEX = 'ab'.repeat(32);
/** A name's formula as written, and as a reader gives it ('' for anything but text). */
const FORMULAS: { raw: string; read: string; selfClosing?: true }[] = [
  { raw: `"${HEX}"`, read: `"${HEX}"` },
  { raw: `&quot;${HEX}&quot;`, read: `"${HEX}"` },
  { raw: `&#34;${HEX}&#x22;`, read: `"${HEX}"` },
  { raw: `<![CDATA["${HEX}"]]>`, read: '' },
  { raw: `"${HEX}<!-- c -->"`, read: '' },
  { raw: `"${HEX}<?pi x?>"`, read: '' },
  { raw: '', read: '' },
  { raw: '', read: '', selfClosing: true },
  { raw: 'S1!$A$1', read: 'S1!$A$1' },
  { raw: ` "${HEX}" `, read: ` "${HEX}" ` },
  { raw: '"old &amp; &lt;x&gt;"', read: '"old & <x>"' },
];
const CASES_OF_NAME = [
  NAME,
  NAME,
  NAME.toLowerCase(),
  NAME.toUpperCase(),
  '_Praetor&#95;TurnOrders',
];

interface Case {
  xml: string;
  /** Two definedNames: the edit must be refused. */
  refused: boolean;
  /** The part's `<definedNames>` as written ('' when none), and its prefix. */
  definedNames: string;
  prefixed: boolean;
}

function genCase(rng: Rng): Case {
  const prefixed = chance(rng, 0.3);
  const p = prefixed ? 'x:' : '';
  const rootAttrs: [string, string][] = [
    [prefixed ? 'xmlns:x' : 'xmlns', MAIN],
    ['xmlns:r', REL],
  ];
  if (chance(rng, 0.3)) {
    rootAttrs.push(['xmlns:mc', 'http://schemas.openxmlformats.org/markup-compatibility/2006']);
    rootAttrs.push(['mc:Ignorable', 'x15']);
    rootAttrs.push(['xmlns:x15', 'http://schemas.microsoft.com/office/spreadsheetml/2010/11/main']);
  }
  const sheetCount = 1 + Math.floor(rng() * 3);
  const sheets = Array.from(
    { length: sheetCount },
    (_, i) =>
      `<${p}sheet${attrs(rng, [
        ['name', `S${i + 1}`],
        ['sheetId', String(i + 1)],
        ['r:id', `rId${i + 1}`],
      ])}/>`,
  ).join(junk(rng));

  const mode = pick(rng, ['absent', 'absent', 'empty', 'open', 'names', 'names', 'names']);
  let definedNames = '';
  if (mode === 'empty') definedNames = `<${p}definedNames/>`;
  else if (mode === 'open') definedNames = `<${p}definedNames>${junk(rng)}</${p}definedNames>`;
  else if (mode === 'names') {
    let inner = '';
    for (let n = 1 + Math.floor(rng() * 5); n > 0; n--) {
      const kind = pick(rng, ['orders', 'orders', 'local', 'print', 'other', 'filter']);
      const f = pick(rng, FORMULAS);
      let a: [string, string][];
      let body = f.raw;
      let selfClosing = f.selfClosing === true;
      if (kind === 'orders' || kind === 'local') {
        a = [['name', pick(rng, CASES_OF_NAME)]];
        if (kind === 'local') a.push(['localSheetId', String(Math.floor(rng() * sheetCount))]);
        if (chance(rng, 0.5)) a.push(['hidden', pick(rng, ['1', 'true', '0'])]);
        if (chance(rng, 0.2)) a.push(['comment', 'a &quot;note&quot;']);
      } else if (kind === 'print') {
        a = [
          ['name', '_xlnm.Print_Titles'],
          ['localSheetId', String(Math.floor(rng() * sheetCount))],
        ];
        body = 'S1!$1:$1';
        selfClosing = false;
      } else if (kind === 'other') {
        a = [['name', pick(rng, ['Mine', `${NAME}2`, NAME.slice(1), `${NAME}.x`])]];
        if (chance(rng, 0.3)) a.push(['hidden', '1']);
      } else {
        a = [
          ['name', '_xlnm._FilterDatabase'],
          ['localSheetId', '0'],
          ['hidden', '1'],
        ];
        body = 'S1!$A$1:$B$2';
        selfClosing = false;
      }
      inner +=
        junk(rng) +
        (selfClosing
          ? `<${p}definedName${attrs(rng, a)}/>`
          : `<${p}definedName${attrs(rng, a)}>${body}</${p}definedName>`);
    }
    definedNames = `<${p}definedNames>${inner}${junk(rng)}</${p}definedNames>`;
  }
  const refused = chance(rng, 0.03);
  const written = definedNames;
  if (refused) definedNames = `${definedNames || `<${p}definedNames/>`}<${p}definedNames/>`;

  const children: string[] = [];
  if (chance(rng, 0.5)) children.push(`<${p}fileVersion appName="xl" lastEdited="7"/>`);
  if (chance(rng, 0.5)) children.push(`<${p}workbookPr defaultThemeVersion="166925"/>`);
  if (chance(rng, 0.5))
    children.push(`<${p}bookViews><${p}workbookView xWindow="0"/></${p}bookViews>`);
  children.push(`<${p}sheets>${sheets}</${p}sheets>`);
  if (chance(rng, 0.2)) children.push(`<${p}functionGroups builtInGroupCount="18"/>`);
  if (chance(rng, 0.3))
    children.push(
      `<${p}externalReferences><${p}externalReference r:id="rId9"/></${p}externalReferences>`,
    );
  // definedNames after calcPr is out of the schema's order, but found and kept where it is.
  const late = chance(rng, 0.1);
  if (!late && definedNames !== '') children.push(definedNames);
  if (chance(rng, 0.6)) children.push(`<${p}calcPr calcId="191029"/>`);
  if (late && definedNames !== '') children.push(definedNames);
  if (chance(rng, 0.3))
    children.push(`<${p}pivotCaches><${p}pivotCache cacheId="1" r:id="rId8"/></${p}pivotCaches>`);
  if (chance(rng, 0.3))
    children.push(
      `<${p}extLst><${p}ext uri="{1}"><d:definedNames xmlns:d="urn:ext">` +
        `<d:definedName name="${NAME}">"ext"</d:definedName></d:definedNames></${p}ext></${p}extLst>`,
    );
  const declaration = pick(rng, [
    '',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n',
    '\ufeff<?xml version="1.0"?>',
  ]);
  const xml =
    `${declaration}<${p}workbook${attrs(rng, rootAttrs)}>` +
    children.map((c) => junk(rng) + c).join('') +
    `${junk(rng)}</${p}workbook>`;
  return { xml, refused, definedNames: written, prefixed };
}

/** A defined name as saxes reads it: its element's text as written, its attributes, text. */
interface DefinedName {
  raw: string;
  name: string;
  localSheetId?: string;
  hidden?: string;
  text: string;
  /** It holds character data only: no CDATA, comment, processing instruction or element. */
  onlyText: boolean;
}

interface Reading {
  /** The root's children of the main namespace, their local names in order. */
  order: string[];
  definedNamesCount: number;
  names: DefinedName[];
}

/**
 * A workbook part read by saxes, namespace-aware: the defined names are the main namespace's
 * definedName children of the main namespace's definedNames children of the root, whatever
 * their prefixes. Throws when the part is not well-formed.
 */
function readWorkbook(xml: string): Reading {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const reading: Reading = { order: [], definedNamesCount: 0, names: [] };
  let depth = 0;
  let inDefinedNames = false;
  let current: DefinedName | null = null;
  let currentStart = 0;
  let tagStart = 0;
  const close = () => {
    if (current !== null && depth === 3) {
      current.raw = xml.slice(currentStart, parser.position);
      reading.names.push(current);
      current = null;
    }
    if (depth === 2) inDefinedNames = false;
    depth--;
  };
  const notText = () => {
    if (current !== null) current.onlyText = false;
  };
  parser.on('opentagstart', () => {
    tagStart = xml.lastIndexOf('<', parser.position - 1);
  });
  parser.on('opentag', (tag) => {
    depth++;
    const main = tag.uri === MAIN;
    if (depth === 2 && main) reading.order.push(tag.local);
    if (depth === 2 && main && tag.local === 'definedNames') {
      reading.definedNamesCount++;
      inDefinedNames = true;
    }
    if (depth === 3 && inDefinedNames && main && tag.local === 'definedName') {
      const a = (n: string) => tag.attributes[n]?.value;
      current = {
        raw: '',
        name: a('name') ?? '',
        localSheetId: a('localSheetId'),
        hidden: a('hidden'),
        text: '',
        onlyText: true,
      };
      currentStart = tagStart;
    } else if (depth > 3) notText();
    if (tag.isSelfClosing) close();
  });
  parser.on('closetag', (tag) => {
    if (!tag.isSelfClosing) close();
  });
  parser.on('text', (t) => {
    if (current !== null) current.text += t;
  });
  parser.on('cdata', notText);
  parser.on('comment', notText);
  parser.on('processinginstruction', notText);
  parser.on('error', (e) => {
    throw e;
  });
  parser.write(xml).close();
  return reading;
}

const isOrders = (d: DefinedName) =>
  d.localSheetId === undefined && d.name.toLowerCase() === NAME.toLowerCase();

const inSchemaOrder = (order: readonly string[]) =>
  order.every(
    (l, i) =>
      SCHEMA_ORDER.includes(l) &&
      (i === 0 || SCHEMA_ORDER.indexOf(l) >= SCHEMA_ORDER.indexOf(order[i - 1])),
  );

/** What a careful reader gives: the first workbook-level name's text, '' if not text only. */
function expectedRead(xml: string): string | undefined {
  const first = readWorkbook(xml).names.find(isOrders);
  return first && (first.onlyText ? first.text : '');
}

/**
 * Properties (1) to (4) of an edited part, with `added` print titles added (any number when
 * undefined); '' when they hold.
 */
function problemsOf(
  input: string,
  output: string,
  added: number | undefined,
  formula = ORDERS.formula,
): string {
  const malformed = wellFormedError(output);
  if (malformed !== null) return `not well-formed: ${malformed}`;
  const before = readWorkbook(input);
  const after = readWorkbook(output);
  if (after.definedNamesCount !== 1) return `${after.definedNamesCount} definedNames`;
  const ours = after.names.filter(isOrders);
  if (ours.length !== 1) return `${ours.length} workbook-level ${NAME}`;
  const [o] = ours;
  if (o.name !== NAME || o.hidden !== '1' || !o.onlyText || o.text !== formula) {
    return `the name not as set: ${o.raw}`;
  }
  const kept = before.names.filter((d) => !isOrders(d)).map((d) => d.raw);
  const others = after.names.filter((d) => !isOrders(d)).map((d) => d.raw);
  // Added: print titles, and a turn's record of its order rows (see turnFile).
  const titles = others
    .slice(kept.length)
    .every((raw) => raw.includes('"_xlnm.Print_Titles"') || raw.includes(`"${TURN_ROWS_NAME}"`));
  const count =
    added === undefined ? others.length >= kept.length : others.length === kept.length + added;
  if (!count || !titles || kept.some((raw, i) => others[i] !== raw)) {
    return `other names not kept: ${JSON.stringify({ kept, others })}`;
  }
  if (before.definedNamesCount === 0 && !inSchemaOrder(after.order)) {
    return `definedNames out of the schema's order: ${after.order.join(' ')}`;
  }
  if (before.definedNamesCount === 1 && after.order.join(' ') !== before.order.join(' ')) {
    return `the children moved: ${after.order.join(' ')}`;
  }
  return '';
}

function packageOf(workbook: string): Buffer {
  const part = (name: string, data: string) => ({ name, data: Buffer.from(data) });
  return handZip([
    part(
      '[Content_Types].xml',
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"></Types>',
    ),
    part(
      '_rels/.rels',
      `<Relationships><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    part('xl/workbook.xml', workbook),
    part(
      'xl/_rels/workbook.xml.rels',
      `<Relationships><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
    ),
    part('xl/worksheets/sheet1.xml', '<worksheet><sheetData/></worksheet>'),
    part('xl/styles.xml', `<styleSheet xmlns="${MAIN}"></styleSheet>`),
  ]);
}

/** The outcome of a case, or why it failed, with its seed (so that it can be replayed). */
const failed = (seed: string, c: Case, why: string) => `${seed}: ${why}\n${c.xml}`;

function directCase(seed: string): string {
  const rng = seedrandom(seed);
  const c = genCase(rng);
  if (wellFormedError(c.xml) !== null) return failed(seed, c, 'the generator wrote bad XML');
  const before = workbookNameFormula(c.xml, NAME);
  const want = expectedRead(c.xml);
  if (before !== want) return failed(seed, c, `read ${before} before the edit, not ${want}`);
  const sheets: NewSheet[] = chance(rng, 0.3)
    ? [{ name: 'Results', relId: 'rId77', printTitles: "'Results'!$1:$1" }]
    : [];
  const out = addSheetsToWorkbook(c.xml, sheets, undefined, [ORDERS]);
  // An edit the product's own check refuses is a plain error downstream (see packageCase).
  let held: boolean;
  try {
    held = hasSheets(scanXml(out), sheets, out, [ORDERS]);
  } catch {
    held = false;
  }
  if (held === c.refused) return failed(seed, c, `checked ${held}: ${out}`);
  if (c.refused) return '';
  const problems = problemsOf(c.xml, out, sheets.length);
  if (problems !== '') return failed(seed, c, `${problems}\n${out}`);
  const after = workbookNameFormula(out, NAME);
  return after === ORDERS.formula ? '' : failed(seed, c, `read ${after} after the edit`);
}

async function packageCase(seed: string): Promise<string> {
  const c = genCase(seedrandom(seed));
  const input = packageOf(c.xml);
  const copy = Buffer.from(input);
  const before = readWorkbookName(input, NAME);
  if (before !== expectedRead(c.xml)) return failed(seed, c, `read ${before} before`);
  let out: Buffer;
  try {
    out = await addSheetsToPackage(input, [resultsContent('Results', [['Battle']], 'x.xlsx')], {
      names: [ORDERS],
    });
  } catch (e) {
    const plain = e instanceof Error && e.constructor === Error && e.message === CANNOT_EXTEND;
    if (!plain || !c.refused) return failed(seed, c, `threw ${String(e)}`);
    return input.equals(copy) ? '' : failed(seed, c, 'the input changed');
  }
  if (c.refused) return failed(seed, c, 'written, not refused');
  if (!input.equals(copy)) return failed(seed, c, 'the input changed');
  const xml = (await parts(out)).get('xl/workbook.xml')!.toString('utf8');
  const problems = problemsOf(c.xml, xml, 1);
  if (problems !== '') return failed(seed, c, `${problems}\n${xml}`);
  const after = readWorkbookName(out, NAME);
  return after === ORDERS.formula ? '' : failed(seed, c, `read ${after} after`);
}

/** Runs cases, each timed, and gives the failures (at most 5, shortest first). */
async function campaign(
  kind: string,
  n: number,
  run: (seed: string) => string | Promise<string>,
): Promise<string[]> {
  const failures: string[] = [];
  for (let i = 0; i < n; i++) {
    const seed = `${SEED}-${kind}-${i}`;
    const t = cpuMs();
    let why: string;
    try {
      why = await run(seed);
    } catch (e) {
      why = `${seed}: threw ${String((e as Error).stack ?? e)}`;
    }
    const ms = cpuMs() - t;
    if (why === '' && ms > CASE_MS) why = `${seed}: took ${Math.round(ms)} ms of CPU`;
    if (why !== '') failures.push(why);
  }
  return failures.sort((a, b) => a.length - b.length).slice(0, 5);
}

describe('the workbook-level defined name a turn sets: randomized workbook parts', () => {
  it(`keeps the properties on ${DIRECT_CASES} workbook parts, edited as XML`, async () => {
    expect(await campaign('xml', DIRECT_CASES, directCase)).toEqual([]);
  });

  it(`keeps them on ${PACKAGE_CASES} packages, or refuses in plain words`, async () => {
    expect(await campaign('pkg', PACKAGE_CASES, packageCase)).toEqual([]);
  });

  it('plays a turn of workbooks with defined names once, then refuses it with its orders', async () => {
    const dir = tempDir();
    const template = await JSZip.loadAsync(await economyWorkbook());
    const original = await template.file('xl/workbook.xml')!.async('string');
    for (let i = 0; i < 3; i++) {
      const seed = `${SEED}-turn-${i}`;
      const rng = seedrandom(seed);
      // The names of a generated part, put into the workbook exceljs wrote (five sheets).
      let c: Case;
      do c = genCase(rng);
      while (c.definedNames === '' || c.prefixed || c.refused);
      const xml = original.replace(/<definedNames[\s\S]*?(<\/definedNames>|\/>)/, '');
      template.file('xl/workbook.xml', xml.replace('</sheets>', `</sheets>${c.definedNames}`));
      const input = join(dir, `game${i}.xlsx`);
      writeFileSync(input, await template.generateAsync({ type: 'nodebuffer' }));
      const stamp = readFileSync(input);
      const output = join(dir, `game${i}.turn.xlsx`);
      const report = await turnFile({ input, output, force: false });
      expect([seed, report.error]).toEqual([seed, null]);
      expect(readFileSync(input).equals(stamp)).toBe(true);
      const formula = readWorkbookName(readFileSync(output), NAME) ?? '';
      expect(formula).toMatch(/^"[0-9a-f]{64}"$/);
      // The example books have no orders: no row recorded.
      expect(readWorkbookName(readFileSync(output), TURN_ROWS_NAME)).toBe('""');
      const before = (await parts(stamp)).get('xl/workbook.xml')!.toString();
      const after = (await parts(readFileSync(output))).get('xl/workbook.xml')!.toString();
      // The turn adds a Turn report (and a Game sheet, if it has none), with print titles.
      expect([seed, problemsOf(before, after, undefined, formula)]).toEqual([seed, '']);
      const again = join(dir, `again${i}.xlsx`);
      const refused = await turnFile({ input: output, output: again, force: false });
      expect([seed, refused.error]).toEqual([seed, expect.stringMatching(/^(these|this) /)]);
      expect(refused.error).toMatch(/played by the turn|written by a turn with no orders/);
    }
  });
});

/**
 * Known bugs, found by the campaign: the edit and the reader find `definedNames` and
 * `definedName` by their prefix (the root's), not by their namespace. Valid XML that binds the
 * main namespace to another prefix there is missed (a second definedNames, or the name twice,
 * both of which Excel repairs), and an element of another namespace under the root's prefix is
 * taken for the workbook's. Each test fails today for that reason.
 */
describe('the workbook-level defined name, its namespace written with another prefix', () => {
  const A = '<sheet name="A" sheetId="1" r:id="rId1"/>';
  const OLD = `<definedName name="${NAME}">"old"</definedName>`;

  /** The edit of a package: its workbook.xml, or null when refused in plain words. */
  async function edited(workbook: string): Promise<string | null> {
    try {
      const out = await addSheetsToPackage(packageOf(workbook), [], { names: [ORDERS] });
      return (await parts(out)).get('xl/workbook.xml')!.toString('utf8');
    } catch (e) {
      if (e instanceof Error && e.constructor === Error && e.message === CANNOT_EXTEND) return null;
      throw e;
    }
  }

  // `<z:definedNames xmlns:z="main">` under a root of the default namespace.
  const otherPrefix = `<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets>${A}</sheets><z:definedNames xmlns:z="${MAIN}">${OLD.replace(/definedName/g, 'z:definedName')}</z:definedNames></workbook>`;
  // `<w:definedName xmlns:w="main">` in the workbook's own definedNames.
  const otherNamePrefix = `<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets>${A}</sheets><definedNames><w:definedName xmlns:w="${MAIN}" name="${NAME}">"old"</w:definedName></definedNames></workbook>`;
  // `<definedNames xmlns="urn:other">`: not the workbook's, though written with its prefix.
  const otherNamespace = `<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets>${A}</sheets><definedNames xmlns="urn:other">${OLD}</definedNames></workbook>`;

  it('reads a name in a definedNames written with another prefix', () => {
    expect(readWorkbookName(packageOf(otherPrefix), NAME)).toBe('"old"');
  });

  it('sets the name into a definedNames written with another prefix, not a second one', async () => {
    const xml = await edited(otherPrefix);
    // Refused in plain words, or written with one definedNames and the name once.
    if (xml !== null) expect(problemsOf(otherPrefix, xml, 0)).toBe('');
  });

  it('reads a definedName written with another prefix', () => {
    expect(workbookNameFormula(otherNamePrefix, NAME)).toBe('"old"');
  });

  it('replaces a definedName written with another prefix: the name once', async () => {
    const xml = await edited(otherNamePrefix);
    if (xml !== null) expect(problemsOf(otherNamePrefix, xml, 0)).toBe('');
  });

  it('reads no name from a definedNames of another namespace', () => {
    expect(workbookNameFormula(otherNamespace, NAME)).toBeUndefined();
  });

  it('sets no name into a definedNames of another namespace', async () => {
    const xml = await edited(otherNamespace);
    if (xml !== null) expect(problemsOf(otherNamespace, xml, 0)).toBe('');
  });
});
