import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { lockLedger, lockPath, putAside } from '../headless/ledger-lock';
import { battle, legion, submission, tempDir } from './helpers/workbooks';
import { run } from './helpers/cli';

/** One `adjudicate --key` run at a time per ledger (headless/ledger-lock.ts). */

jest.setTimeout(60_000);

const book = (id: string) =>
  submission([battle(id)], [legion(id, 'Attacker', '', 3), legion(id, 'Defender', '', 2)]);

async function sealedTurn() {
  const dir = tempDir();
  const keyFile = join(dir, 'rome.key.json');
  expect((await run('seal', '--game', 'Rome', '--out', keyFile)).code).toBe(0);
  writeFileSync(join(dir, 'ann.xlsx'), await book('B1'));
  writeFileSync(join(dir, 'bob.xlsx'), await book('B2'));
  const ledgerFile = join(dir, 'rome.key.battles.json');
  const adjudicate = (file: string) =>
    run('adjudicate', join(dir, file), '--key', keyFile, '--turn', '3', '--jobs', '1');
  return { dir, ledgerFile, lockFile: lockPath(ledgerFile), adjudicate };
}

const ledgerIds = (file: string): string[] =>
  JSON.parse(readFileSync(file, 'utf8')).battles.map((b: { id: string }) => b.id);

/**
 * This machine as a lock names it: its name, and where the system tells them, its id and the
 * set of process numbers.
 */
function here(): { host: string; pids?: string; machine?: string } {
  const read = (f: () => string) => {
    try {
      return f().trim() || undefined;
    } catch {
      return undefined;
    }
  };
  const pids = read(() => readlinkSync('/proc/self/ns/pid'));
  const machine =
    read(() => readFileSync('/etc/machine-id', 'utf8')) ??
    read(() => readFileSync('/var/lib/dbus/machine-id', 'utf8'));
  return { host: hostname(), ...(pids ? { pids } : {}), ...(machine ? { machine } : {}) };
}

/** The pid of a process that has ended. */
function endedPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
    encoding: 'utf8',
  });
  return Number(child.stdout);
}

describe('the ledger lock', () => {
  it('two runs of one key at once: the second is refused and nothing of the first is lost', async () => {
    const { dir, ledgerFile, lockFile, adjudicate } = await sealedTurn();
    const [first, second] = await Promise.all([adjudicate('ann.xlsx'), adjudicate('bob.xlsx')]);
    expect(first.code).toBe(0);
    expect(second.code).toBe(2);
    expect(second.err).toMatch(
      new RegExp(
        `^praetor adjudicate: another "praetor adjudicate --key" run \\(process ${process.pid} on .+, since \\d{4}-\\d\\d-\\d\\dT[^)]+\\) is using the ledger \\(its lock ${lockFile} is there\\)`,
      ),
    );
    expect(existsSync(join(dir, 'bob.praetor.xlsx'))).toBe(false);
    expect(ledgerIds(ledgerFile)).toEqual(['B1']);
    // The lock goes with the run that held it; the second workbook then goes in.
    expect(existsSync(lockFile)).toBe(false);
    expect((await adjudicate('bob.xlsx')).code).toBe(0);
    expect(ledgerIds(ledgerFile)).toEqual(['B1', 'B2']);
    expect(existsSync(lockFile)).toBe(false);
  });

  it('a run held up by a live lock changes nothing, and leaves the lock to its holder', async () => {
    const { dir, ledgerFile, lockFile, adjudicate } = await sealedTurn();
    // This test's own process, which started before the lock was made.
    const since = new Date().toISOString();
    const holder = `${JSON.stringify({ pid: process.pid, host: hostname(), since })}\n`;
    writeFileSync(lockFile, holder);
    const r = await adjudicate('ann.xlsx');
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      `praetor adjudicate: another "praetor adjudicate --key" run (process ${process.pid} on ${hostname()}, since ${since}) is using the ledger (its lock ${lockFile} is there): run one at a time, so that no battle of either is left out of the ledger; if no such run is going on, delete ${lockFile}`,
    );
    expect(readFileSync(lockFile, 'utf8')).toBe(holder);
    expect(existsSync(ledgerFile)).toBe(false);
    expect(existsSync(join(dir, 'ann.praetor.xlsx'))).toBe(false);
  });

  it('takes over the lock of a run whose process has ended (killed), on this machine', async () => {
    const { dir, ledgerFile, lockFile, adjudicate } = await sealedTurn();
    const pid = endedPid();
    // Numbered in another set of process numbers (another container, a Flatpak), the ended
    // process may be a live one: the lock stays.
    const elsewhere = { pid, host: hostname(), since: '2026-11-30T20:00:00Z', pids: 'pid:[1]' };
    writeFileSync(lockFile, JSON.stringify(elsewhere));
    expect((await adjudicate('ann.xlsx')).code).toBe(2);
    writeFileSync(lockFile, JSON.stringify({ pid, ...here(), since: '2026-11-30T20:00:00Z' }));
    const r = await adjudicate('ann.xlsx');
    expect(r.code).toBe(0);
    expect(r.err).toContain(
      `praetor adjudicate: note: the ledger's lock ${lockFile} was left by a run that ended without releasing it (process ${pid}, since 2026-11-30T20:00:00Z): that run was cut short, and the battles it was about to seal are in the ledger already. The lock is taken over.`,
    );
    expect(ledgerIds(ledgerFile)).toEqual(['B1']);
    expect(readdirSync(dir).filter((f) => f.includes('.lock'))).toEqual([]);
    // A run that finds no lock says nothing of one.
    expect((await adjudicate('bob.xlsx')).err).not.toContain('lock');
  });

  it('a battle a stopped run left pending is reserved, told as such, and sealed when run again', async () => {
    const { dir, ledgerFile, adjudicate } = await sealedTurn();
    expect((await adjudicate('ann.xlsx')).code).toBe(0);
    // As a second Ctrl-C leaves it: written before the battle was fought, never confirmed.
    const ledger = JSON.parse(readFileSync(ledgerFile, 'utf8'));
    ledger.battles[0].pending = true;
    writeFileSync(ledgerFile, JSON.stringify(ledger));
    writeFileSync(join(dir, 'cy.xlsx'), await book('B1'));
    const other = await adjudicate('cy.xlsx');
    expect(other.code).toBe(1);
    expect(other.out).toContain(
      `battle "B1" (Battles!A2) was to be sealed in an earlier run of turn 3 from ${realpathSync(join(dir, 'ann.xlsx'))} (Battles!A2), a run stopped before it could record whether it was, and its log may have told the dice that id gives in this turn`,
    );
    const again = await run(
      'adjudicate',
      join(dir, 'ann.xlsx'),
      '--key',
      join(dir, 'rome.key.json'),
      '--turn',
      '3',
      '--jobs',
      '1',
      '--force',
    );
    expect(again.code).toBe(0);
    expect(JSON.parse(readFileSync(ledgerFile, 'utf8')).battles).toEqual([
      { turn: 3, id: 'B1', file: realpathSync(join(dir, 'ann.xlsx')), where: 'Battles!A2' },
    ]);
  });

  const linux = process.platform === 'linux' ? it : it.skip;
  const ticksOf = (pid: number) => {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
  };

  linux('names its run by boot and start, and takes over a lock from an earlier boot', async () => {
    const { ledgerFile, lockFile, adjudicate } = await sealedTurn();
    // A live process (this test's), under a lock made in another boot of the machine.
    const since = '2026-11-29T08:00:00.000Z';
    // Another machine of the same name (its own id, so its own boot): never taken over.
    const twin = { pid: process.pid, ...here(), since, boot: 'its-boot', machine: 'its-id' };
    writeFileSync(lockFile, JSON.stringify(twin));
    expect((await adjudicate('ann.xlsx')).code).toBe(2);
    const lock = { pid: process.pid, ...here(), since, boot: 'an-earlier-boot' };
    writeFileSync(lockFile, JSON.stringify(lock));
    const r = await adjudicate('ann.xlsx');
    expect(r.code).toBe(0);
    expect(r.err).toContain(
      `the ledger's lock ${lockFile} was left by a run that ended without releasing it (process ${process.pid}, since ${since}; this machine has restarted since): that run was cut short`,
    );
    expect(ledgerIds(ledgerFile)).toEqual(['B1']);
    expect(existsSync(lockFile)).toBe(false);

    const held = lockLedger(ledgerFile);
    expect(held.ok).toBe(true);
    const mine = JSON.parse(readFileSync(lockFile, 'utf8'));
    expect(mine).toMatchObject({
      pid: process.pid,
      boot: readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim(),
      start: ticksOf(process.pid),
      pids: readlinkSync('/proc/self/ns/pid'),
    });
    if (held.ok) held.value.release();
  });

  linux('takes over a lock whose process number is now another program, by its start', async () => {
    const { ledgerFile, lockFile, adjudicate } = await sealedTurn();
    const other = spawn('sleep', ['60']);
    try {
      const pid = other.pid!;
      const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
      const since = new Date().toISOString();
      // The process that made the lock started a tick before this one, which has its number.
      const lock = { pid, ...here(), since, boot, start: ticksOf(pid) - 1 };
      writeFileSync(lockFile, JSON.stringify(lock));
      const r = await adjudicate('ann.xlsx');
      expect(r.code).toBe(0);
      expect(r.err).toContain(
        `(process ${pid}, since ${since}; that process number is now another program's): that run was cut short`,
      );
      expect(ledgerIds(ledgerFile)).toEqual(['B1']);
      // The same process, started when the lock says: its run goes on.
      writeFileSync(lockFile, JSON.stringify({ ...lock, start: ticksOf(pid) }));
      expect((await adjudicate('bob.xlsx')).code).toBe(2);
    } finally {
      other.kill();
    }
  });

  it.each([
    [
      'another machine',
      () => JSON.stringify({ pid: endedPid(), host: `not-${hostname()}`, since: 'x' }),
    ],
    ['one it cannot read', () => 'not json'],
  ])('never takes over a lock of %s', async (_, text) => {
    const { lockFile, adjudicate } = await sealedTurn();
    const held = text();
    writeFileSync(lockFile, held);
    const r = await adjudicate('ann.xlsx');
    expect(r.code).toBe(2);
    expect(r.err).toContain(`is using the ledger (its lock ${lockFile} is there)`);
    expect(readFileSync(lockFile, 'utf8')).toBe(held);
  });

  it('unsealed runs take no lock', async () => {
    const { dir, lockFile } = await sealedTurn();
    writeFileSync(lockFile, 'held');
    expect((await run('adjudicate', join(dir, 'ann.xlsx'), '--jobs', '1')).code).toBe(0);
  });

  it('releases only its own lock', () => {
    const dir = tempDir();
    const ledger = join(dir, 'k.battles.json');
    const taken = lockLedger(ledger);
    if (!taken.ok) throw new Error(taken.error);
    expect(lockLedger(ledger).ok).toBe(false);
    // Someone deleted it and another run took it: releasing ours must not remove theirs.
    writeFileSync(lockPath(ledger), 'another run');
    taken.value.release();
    expect(readFileSync(lockPath(ledger), 'utf8')).toBe('another run');
  });

  it('puts back a lock that another run made after the dead one was read', () => {
    const dir = tempDir();
    const lock = lockPath(join(dir, 'k.battles.json'));
    const dead = { pid: endedPid(), ...here(), since: '2026-11-30T20:00:00Z' };
    const fresh = JSON.stringify({ pid: process.pid, host: hostname(), since: 'now' });
    writeFileSync(lock, fresh);
    putAside(lock, dead);
    expect(readFileSync(lock, 'utf8')).toBe(fresh);
    writeFileSync(lock, JSON.stringify(dead));
    putAside(lock, dead);
    expect(existsSync(lock)).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a folder where no lock can be made stops the run before any work', async () => {
    const dir = tempDir();
    const r = lockLedger(join(dir, 'missing', 'k.battles.json'));
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.error).toMatch(/^the ledger's lock .*k\.battles\.json\.lock cannot be made: /);
  });
});
