import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Runs every `*.bench.js` beside this file (compiled from bench/*.bench.ts), in name order. */
async function main(): Promise<void> {
  const only = process.argv[2];
  const files = readdirSync(__dirname)
    .filter((f) => f.endsWith('.bench.js'))
    .filter((f) => only === undefined || f.includes(only))
    .sort();
  for (const file of files) {
    const bench = (await import(join(__dirname, file))) as { run: () => void | Promise<void> };
    await bench.run();
  }
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
