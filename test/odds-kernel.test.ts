import { readFileSync } from 'node:fs';
import {
  GF_BR,
  GF_NC,
  GF_RETREAT,
  GF_ROUNDS,
  GF_SIZE,
  GI_PENDING,
  GI_SIZE,
  GI_TARGET,
  kernelHeap,
  OB_INTS,
  OB_LOST,
  OB_NOUT,
  OB_NX,
  OB_P,
  OB_SIZE,
  releaseKernelHeap,
} from '../src/rulesets/cote-pbem/exact-kernel';
import { pbemExactOdds } from '../src/rulesets/cote-pbem/exact';
import { PbemOptions } from '../src/rulesets/cote-pbem/options';
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
 * The exact solver's kernel is WebAssembly compiled from text (src/rulesets/cote-pbem/
 * exact-kernel.wat): the bytes the solver loads must be that text's, and the offsets it
 * reads as literals must be the solver's.
 */

it('reads the entries and the group tables where the sweep writes them', () => {
  // The kernel cannot import these: it reads them as the literals below (bytes: ints * 4,
  // floats * 8).
  expect([SLOT, SHOOTER, OWN, OTHER, SAME, KEEP, DROP, ENTRY]).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  expect([GF_NC, GF_BR, GF_RETREAT, GF_ROUNDS, GF_SIZE]).toEqual([0, 8, 16, 18, 19]);
  expect([GI_TARGET, GI_PENDING, GI_SIZE]).toEqual([0, 16, 17]);
  expect([OB_P, OB_INTS, OB_LOST, OB_NOUT, OB_NX, OB_SIZE]).toEqual([0, 64, 0, 32, 40, 56]);
});

it('loads the module compiled from exact-kernel.wat, as it now reads', async () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const build = require('../scripts/build-kernel.js') as {
    kernelModule(): Promise<string>;
    TARGET: string;
  };
  expect(readFileSync(build.TARGET, 'utf8')).toBe(await build.kernelModule());
});

it('hands out zeroed heaps, taking over one handed back (grown where needed)', () => {
  const small = kernelHeap(1000);
  expect(small.heap.byteLength).toBe(1 << 24);
  expect(kernelHeap(2000).memory).not.toBe(small.memory); // in use: not handed out twice
  releaseKernelHeap(small);
  expect(kernelHeap(2000).memory).toBe(small.memory);
  const large = kernelHeap((1 << 24) + 1);
  expect(large.heap.byteLength).toBe((1 << 24) + (1 << 16));
  new Float64Array(large.heap)[0] = 1; // what a solve cleans up before handing a heap back
  new Float64Array(large.heap)[0] = 0;
  releaseKernelHeap(large);
  const larger = kernelHeap(1 << 25);
  expect(larger.memory).toBe(large.memory);
  expect(larger.heap.byteLength).toBe(1 << 25);
  expect(new Float64Array(larger.heap).every((x) => x === 0)).toBe(true);
  expect(kernelHeap((1 << 24) + 2).memory).not.toBe(large.memory); // in use
});

it('leaves every byte of its heap zero after a solve, for the next', () => {
  const legion = (units: Record<string, number>) => ({ units, where: 'legion' });
  const options = { fort: 0, breachBy: 'any', sea: false, retreat: null, rounds: null } as const;
  const battles = [
    { attacker: { CAT: 2, CAV: 2, INF: 3 }, defender: { CAT: 1, CAV: 3, INF: 3 }, options },
    {
      attacker: { CAT: 2, CAV: 1, INF: 4 },
      defender: { INF: 5 },
      options: { ...options, fort: 2, breachBy: 'catapult', retreat: 'lost >= 3' },
    },
    {
      attacker: { CAV: 1, INF: 2, GAL: 2 },
      defender: { INF: 1, GAL: 3 },
      options: { ...options, sea: true, retreat: 'lost >= 2' },
    },
  ] as const;
  for (const b of battles) {
    const forces = { attacker: [legion(b.attacker)], defender: [legion(b.defender)] };
    expect(pbemExactOdds(forces, b.options as PbemOptions).ok).toBe(true);
    const next = kernelHeap(1000);
    expect(new Uint8Array(next.heap).every((x) => x === 0)).toBe(true);
    releaseKernelHeap(next);
  }
});
