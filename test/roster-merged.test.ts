import { CellGrid } from '../src/cells';
import { GridMerge, placeMerges } from '../src/merged-cells';
import { parseRosterCells, readRosterGrid } from '../src/roster';
import { findRuleset } from '../src/rulesets';

/**
 * A roster range read with the merged cells over it, as the taskpane's Resolve and Odds read
 * one: a count, side, unit or Battle cell that Excel shows from a merge but does not hold fails
 * the roster, naming the merge; a leader's name is a warning; rows of other battles are left
 * out as Excel shows their Battle cells.
 */

const units = findRuleset('cote-pbem')!.units;
const origin = { sheet: 'Legions', row: 0, col: 0 };
const HEADER = ['Battle', 'Side', 'Leader', 'Infantry', 'Cavalry'];

/** `D2:D3` and the like, as grid merges (the grid starts at A1). */
function merge(a1: string): GridMerge {
  const [from, to] = a1.split(':').map((ref) => {
    const [, col, row] = /^([A-Z])(\d+)$/.exec(ref)!;
    return { row: Number(row) - 1, col: col.charCodeAt(0) - 65 };
  });
  return { top: from.row, left: from.col, bottom: to.row, right: to.col };
}

const read = (cells: CellGrid, merges: string[], side: 'attacker' | 'defender', battle = '') =>
  readRosterGrid({ cells, origin, merges: merges.map(merge) }, side, units, battle);

test('a count merged over two legions: the second is refused, not fought with no infantry', () => {
  const cells = [HEADER, ['B1', 'Attacker', 'Marcus', 3, 1], ['B1', 'Attacker', 'Gaius', '', 2]];
  expect(read(cells, ['D2:D3'], 'attacker')).toEqual({
    ok: false,
    error:
      'Legions!D3: the merged cells D2:D3 show "3" here, but that is D2\'s value and Praetor ' +
      'reads D3 as blank: unmerge D2:D3 and give each cell its own value',
  });
  // Without the merges (an older Excel), the same cells read as they are stored.
  expect(parseRosterCells(cells, 'attacker', units, origin)).toMatchObject({
    ok: true,
    value: [{ units: { INF: 3 } }, { units: { INF: 0, CAV: 2 } }],
  });
});

test('a side merged over two rows fails the roster, named by the merge', () => {
  const cells = [HEADER, ['B1', 'Defender', 'Titus', 3, 0], ['B1', '', 'Brutus', 2, 0]];
  const got = read(cells, ['B2:B3'], 'defender');
  expect(got.ok ? '' : got.error).toMatch(/^Legions!B3: the merged cells B2:B3 show "Defender"/);
});

test("a leader's name merged over two legions is a warning; both legions are read", () => {
  const cells = [HEADER, ['B1', 'Attacker', 'Marcus', 3, 0], ['B1', 'Attacker', '', 2, 1]];
  const got = read(cells, ['C2:C3'], 'attacker');
  expect(got).toEqual({
    ok: true,
    value: {
      legions: [
        {
          leader: 'Marcus',
          units: { INF: 3, CAV: 0 },
          where: 'attacker legion at Legions!C2 (Marcus)',
        },
        { units: { INF: 2, CAV: 1 }, where: 'attacker legion at Legions!C3' },
      ],
      warnings: [
        'Legions!C3: the merged cells C2:C3 show "Marcus" here, but that is C2\'s value and ' +
          'Praetor reads C3 as blank: unmerge C2:C3 and give each cell its own value',
      ],
    },
  });
});

test("a battle id merged over two rows makes the second that battle's, and names the merge", () => {
  const cells = [HEADER, ['B1', 'Attacker', 'Marcus', 3, 0], ['', 'Attacker', 'Gaius', 2, 0]];
  const got = read(cells, ['A2:A3'], 'attacker', 'B1');
  expect(got.ok ? '' : got.error).toMatch(/^Legions!A3: the merged cells A2:A3 show "B1" here/);
  // Another battle's roster leaves both rows out, as Excel shows them.
  expect(read([...cells, ['B2', 'Attacker', 'Titus', 1, 0]], ['A2:A3'], 'attacker', 'B2')).toEqual({
    ok: true,
    value: {
      legions: [
        {
          leader: 'Titus',
          units: { INF: 1, CAV: 0 },
          where: 'attacker legion at Legions!C4 (Titus)',
        },
      ],
      warnings: [],
    },
  });
});

test("a count merged down from another battle's row is named, though that row is left out", () => {
  const cells = [HEADER, ['B2', 'Attacker', 'Titus', 4, 0], ['B1', 'Attacker', 'Marcus', '', 1]];
  const got = read(cells, ['D2:D3'], 'attacker', 'B1');
  expect(got.ok ? '' : got.error).toMatch(/^Legions!D3: the merged cells D2:D3 show "4" here/);
});

test('a value hidden under a merge is named with both values', () => {
  const cells = [HEADER, ['B1', 'Attacker', 'Marcus', 4, 0], ['B1', 'Attacker', 'Gaius', 6, 0]];
  const got = read(cells, ['D2:D3'], 'attacker');
  expect(got.ok ? '' : got.error).toBe(
    'Legions!D3: the merged cells D2:D3 show "4" here, but D3 holds "6", hidden: unmerge D2:D3 ' +
      'and give each cell its own value',
  );
});

test('a unit header merged across two columns: a count under the second is refused', () => {
  const cells = [
    ['Side', 'Infantry', '', 'Cavalry'],
    ['Attacker', 3, 2, 1],
  ];
  const got = read(cells, ['B1:C1'], 'attacker');
  expect(got.ok ? '' : got.error).toMatch(
    /^Legions!C2: "2" is under C1, which the merged cells B1:C1 cover/,
  );
});

test('a row of its own blank, merged down over from the row above, is one taller legion', () => {
  const cells = [HEADER, ['B1', 'Attacker', 'Marcus', 3, 1], ['', '', '', '', '']];
  const got = read(cells, ['A2:A3', 'B2:B3', 'C2:C3', 'D2:D3', 'E2:E3'], 'attacker');
  expect(got).toMatchObject({ ok: true, value: { legions: [{ units: { INF: 3, CAV: 1 } }] } });
});

test('a table below blank rows: merges are placed from its header', () => {
  const cells = [
    [],
    [],
    HEADER,
    ['B1', 'Attacker', 'Marcus', 3, 0],
    ['B1', 'Attacker', 'Gaius', '', 0],
  ];
  const got = read(cells, ['D4:D5'], 'attacker');
  expect(got.ok ? '' : got.error).toMatch(/^Legions!D5: the merged cells D4:D5 show "3" here/);
});

describe('a Unit | Count block', () => {
  const block = [
    ['Unit', 'Count'],
    ['Leader', 'Marcus'],
    ['Infantry', 3],
    ['Cavalry', ''],
  ];

  test('a count merged over two units is refused', () => {
    const got = read(block, ['B3:B4'], 'attacker');
    expect(got.ok ? '' : got.error).toMatch(/^Legions!B4: the merged cells B3:B4 show "3" here/);
  });

  test("the leader's name under a merge is a warning", () => {
    const cells = [
      ['Leader', 'Marcus', ''],
      ['Infantry', 3, ''],
    ];
    const got = read(cells, ['B1:C1'], 'attacker');
    expect(got).toMatchObject({
      ok: true,
      value: { legions: [{ leader: 'Marcus' }], warnings: [] },
    });
    const hidden = read(
      [
        ['Leader', ''],
        ['', 'Marcus'],
        ['Infantry', 3],
      ],
      ['A2:B2'],
      'attacker',
    );
    expect(hidden.ok ? '' : hidden.error).toMatch(
      /^Legions!B2: the merged cells A2:B2 show nothing here, but B2 holds "Marcus", hidden/,
    );
  });
});

test('a battle with no rows on a side is named as the pane was given it', () => {
  const cells = [HEADER, ['B1', 'Attacker', 'Marcus', 3, 0]];
  expect(read(cells, [], 'defender', ' B1 ')).toEqual({
    ok: false,
    error:
      'defender: no legion rows for the defender of battle "B1" below the header at Legions!A1',
  });
});

test('a header the roster does not read, merged across columns, refuses nothing', () => {
  const cells = [
    ['Side', 'Player', '', 'Infantry'],
    ['Attacker', 'Ann', 'her notes', 3],
  ];
  expect(read(cells, ['B1:C1'], 'attacker')).toMatchObject({
    ok: true,
    value: { legions: [{ units: { INF: 3 } }], warnings: [] },
  });
});

test('a merge placed from outside the range (above or left) covers every cell of it it reaches', () => {
  // Legions!D5:E5 showing 3, the range E1:F5 with its header: E5 is under a merge from D5.
  const sheetMerges = [{ top: 4, left: 3, bottom: 4, right: 4, shows: 3 }];
  const origin = { sheet: 'Legions', row: 0, col: 4 };
  const cells = [['Infantry', 'Cavalry'], [], [], [], ['', 1]];
  const merges = placeMerges(sheetMerges, origin, cells.length, 2);
  expect(merges).toEqual([{ top: 4, left: -1, bottom: 4, right: 0, shows: 3 }]);
  const got = readRosterGrid({ cells, origin, merges }, 'attacker', units);
  expect(got.ok ? '' : got.error).toBe(
    'Legions!E5: the merged cells D5:E5 show "3" here, but that is D5\'s value and Praetor ' +
      'reads E5 as blank: unmerge D5:E5 and give each cell its own value',
  );
  // One wholly outside the range, or only beside it, is not placed.
  expect(placeMerges([{ top: 0, left: 0, bottom: 9, right: 3, shows: 'x' }], origin, 5, 2)).toEqual(
    [],
  );
});

test('a merge that runs on past the range is named whole, as Excel can find and unmerge it', () => {
  // A title merged over Legions!A1:E1 above a Unit | Count block, the range A1:B3; and a count
  // merged over B1:B8, of which a range A1:B2 (INF 3, CAV blank) holds B1:B2.
  const cells = [
    ['Orders', ''],
    ['INF', 3],
    ['CAV', ''],
  ];
  const title = placeMerges([{ top: 0, left: 0, bottom: 0, right: 4 }], origin, 3, 2);
  expect(title).toEqual([{ top: 0, left: 0, bottom: 0, right: 1, ends: { bottom: 0, right: 4 } }]);
  const got = readRosterGrid({ cells, origin, merges: title }, 'attacker', units);
  expect(got.ok ? '' : got.error).toMatch(/the merged cells A1:E1 .*: unmerge A1:E1 /);
  const block = cells.slice(1);
  const count = placeMerges([{ top: 0, left: 1, bottom: 7, right: 1 }], origin, 2, 2);
  const counted = readRosterGrid({ cells: block, origin, merges: count }, 'attacker', units);
  expect(counted.ok ? '' : counted.error).toBe(
    'Legions!B2: the merged cells B1:B8 show "3" here, but that is B1\'s value and Praetor ' +
      'reads B2 as blank: unmerge B1:B8 and give each cell its own value',
  );
});
