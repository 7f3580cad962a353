import { main } from '../headless/cli';
import { countProgress } from '../headless/progress';
import { validateBattle } from '../src/battle-spec';
import { computeOdds, monteCarloOdds } from '../src/odds';

/** Progress of a long count: told by the core, drawn on a terminal only, never in the result. */

const battle = (() => {
  const b = validateBattle({ id: 'p', attacker: '3 INF 1 CAT', defender: '4 INF', seed: 'x' });
  if (!b.ok) throw new Error(b.error);
  return b.value;
})();

describe('monteCarloOdds progress', () => {
  it('is told about every 1% of the battles, in order, ending with all of them', () => {
    const calls: [number, number][] = [];
    monteCarloOdds(battle, 1_000, 's', (done, total) => calls.push([done, total]));
    expect(calls).toHaveLength(101);
    expect(calls[0]).toEqual([0, 1_000]);
    expect(calls[1]).toEqual([10, 1_000]);
    expect(calls.at(-1)).toEqual([1_000, 1_000]);
    expect(calls.every(([d], i) => i === 0 || d > calls[i - 1][0])).toBe(true);
  });

  it('changes nothing of the estimate', () => {
    expect(monteCarloOdds(battle, 500, 's', () => {})).toEqual(monteCarloOdds(battle, 500, 's'));
  });

  it('reaches computeOdds for Monte Carlo, and is not called by an exact count', () => {
    let told = 0;
    computeOdds(battle, { method: 'montecarlo', runs: 50, progress: () => told++ });
    expect(told).toBe(51);
    told = 0;
    computeOdds(battle, { progress: () => told++ });
    expect(told).toBe(0);
  });
});

describe('countProgress', () => {
  it('redraws one line in place at most every 100 ms, and clears it at the end', () => {
    let written = '';
    let clock = 0;
    const io = { out() {}, err() {}, tty: { columns: 80, write: (t: string) => (written += t) } };
    const counting = countProgress(io, 'Battles', () => clock);
    counting.update(0, 100_000);
    counting.update(1_000, 100_000); // the same instant: not drawn
    clock = 150;
    counting.update(2_000, 100_000);
    counting.update(100_000, 100_000); // done: the line is about to be cleared
    counting.finish();
    expect(written).toBe(
      '\r\x1b[2KBattles: 0 of 100,000\r\x1b[2KBattles: 2,000 of 100,000\r\x1b[2K',
    );
  });

  it('writes nothing off a terminal, or when the count ends before its first line', () => {
    const lines: string[] = [];
    const quiet = countProgress({ out: (t) => lines.push(t), err: (t) => lines.push(t) }, 'B');
    quiet.update(5, 10);
    quiet.finish();
    let written = '';
    const tty = { columns: 80, write: (t: string) => (written += t) };
    const done = countProgress({ out() {}, err() {}, tty }, 'B');
    done.update(10, 10);
    done.finish();
    expect([lines, written]).toEqual([[], '']);
  });
});

test('praetor odds draws its count on a terminal and prints the same odds', async () => {
  const argv = ['odds', '--attacker', '3 INF', '--defender', '3 INF', '--method', 'montecarlo'];
  const run = async (tty?: { columns: number; write(t: string): void }) => {
    let out = '';
    const code = await main([...argv, '--runs', '20000'], {
      out: (t) => (out += `${t}\n`),
      err: () => {},
      tty,
    });
    return { code, out };
  };
  let drawn = '';
  const onTerminal = await run({ columns: 80, write: (t) => (drawn += t) });
  expect(drawn).toMatch(/^\r\x1b\[2KMonte Carlo battles fought: 0 of 20,000/);
  expect(drawn.endsWith('\r\x1b[2K')).toBe(true);
  expect(onTerminal).toEqual(await run());
});
