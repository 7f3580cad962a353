import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import ts from 'typescript';
import {
  GF_BR,
  GF_NC,
  GF_OP,
  GF_RETREAT,
  GF_ROUNDS,
  GF_SIZE,
  GI_LOST,
  GI_NOUT,
  GI_NX,
  GI_PENDING,
  GI_SIZE,
  GI_TARGET,
} from '../src/rulesets/cote-pbem/exact-kernel';
import {
  DROP,
  ENTRY,
  KEEP,
  OTHER,
  OWN,
  SAME,
  SHOOTER,
  SLOT,
} from '../src/rulesets/cote-pbem/exact-round';

/**
 * The exact solver's kernel (src/rulesets/cote-pbem/exact-kernel.ts) is asm.js: V8 compiles it
 * as WebAssembly when it validates, and runs it as ordinary JavaScript when it does not. Both
 * checks run in a fresh Node with V8's `%IsAsmWasmCode`.
 */

const ROOT = join(__dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'praetor-kernel-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function node(flags: string[], script: string): string {
  return execFileSync(process.execPath, ['--allow-natives-syntax', ...flags, '-e', script], {
    encoding: 'utf8',
    env: { ...process.env, NODE_PATH: join(ROOT, 'node_modules') },
  });
}

it('reads the entries and the group tables where the sweep writes them', () => {
  // The kernel cannot import these: it reads them as the literals below.
  expect([SLOT, SHOOTER, OWN, OTHER, SAME, KEEP, DROP, ENTRY]).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  expect([GF_NC, GF_BR, GF_OP, GF_RETREAT, GF_ROUNDS, GF_SIZE]).toEqual([0, 8, 16, 48, 50, 51]);
  expect([GI_TARGET, GI_LOST, GI_NOUT, GI_NX, GI_PENDING, GI_SIZE]).toEqual([
    0, 16, 48, 56, 64, 65,
  ]);
});

it('validates as asm.js as the build compiles it', () => {
  const file = join(compileSources(), 'exact-kernel.js');
  const script = `const k = require(${JSON.stringify(file)});
    k.KernelModule(globalThis, null, new ArrayBuffer(k.kernelHeapBytes(1)));
    console.log(%IsAsmWasmCode(k.KernelModule));`;
  expect(node([], script).trim()).toBe('true');
});

/** The core's sources as the build compiles them (not bundled: esbuild drops 'use asm'). */
function compileSources(): string {
  const config = ts.readConfigFile(join(ROOT, 'tsconfig.build.json'), ts.sys.readFile).config;
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, ROOT);
  const out = join(dir, 'compiled');
  for (const entry of readdirSync(join(ROOT, 'src'), { recursive: true, encoding: 'utf8' })) {
    if (!entry.endsWith('.ts')) continue;
    const source = readFileSync(join(ROOT, 'src', entry), 'utf8');
    const js = join(out, entry.replace(/\.ts$/, '.js'));
    mkdirSync(dirname(js), { recursive: true });
    writeFileSync(js, ts.transpileModule(source, { compilerOptions: options }).outputText);
  }
  return join(out, 'rulesets/cote-pbem');
}

it('gives the same odds, to the last bit, compiled as WebAssembly and run as JavaScript', () => {
  const at = (name: string) => JSON.stringify(join(compileSources(), name));
  const legion = (units: Record<string, number>) => ({ name: 'L', leader: null, units });
  const battles = [
    {
      forces: {
        attacker: [legion({ CAT: 2, CAV: 2, INF: 3 }), legion({ CAV: 1, INF: 4 })],
        defender: [legion({ CAT: 1, CAV: 3, INF: 3 }), legion({ INF: 2 })],
      },
      options: { fort: 1, breachBy: 'any', sea: false, retreat: 'lost >= 5', rounds: null },
    },
    {
      forces: {
        attacker: [legion({ CAV: 1, INF: 2, GAL: 2 })],
        defender: [legion({ INF: 1, GAL: 3 })],
      },
      options: { fort: 0, breachBy: 'any', sea: true, retreat: null, rounds: null },
    },
  ];
  const script = `const { pbemExactOdds } = require(${at('exact.js')});
    const { KernelModule } = require(${at('exact-kernel.js')});
    const results = ${JSON.stringify(battles)}.map((b) => pbemExactOdds(b.forces, b.options));
    console.log(JSON.stringify({ wasm: %IsAsmWasmCode(KernelModule), results }));`;
  type Run = { wasm: boolean; results: { ok: boolean; value: { states: number } }[] };
  const compiled = JSON.parse(node([], script)) as Run;
  const plain = JSON.parse(node(['--no-validate-asm'], script)) as Run;
  expect([compiled.wasm, plain.wasm]).toEqual([true, false]);
  expect(compiled.results.map((r) => r.ok && r.value.states > 100)).toEqual([true, true]);
  expect(plain.results).toEqual(compiled.results);
});
