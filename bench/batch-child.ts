import { adjudicateBatch } from '../headless/adjudicate';

/**
 * One `praetor adjudicate` batch in a process of its own, as a user runs it, for the adjudicate
 * bench: `node batch-child.js DIR JOBS FILES`. Prints its wall time, its CPU time (all threads)
 * and its memory after each quarter of the files, as JSON.
 */
async function main(): Promise<void> {
  const [dir, jobs, files] = process.argv.slice(2);
  const total = Number(files);
  const samples: number[] = [];
  let done = 0;
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  const reports = await adjudicateBatch({
    paths: [dir],
    outDir: `${dir}-out-${jobs}`,
    jobs: Number(jobs),
    force: true,
    onFile: () => {
      done++;
      if (done % Math.max(1, Math.floor(total / 4)) === 0) samples.push(process.memoryUsage().rss);
    },
  });
  const wall = Number(process.hrtime.bigint() - start) / 1e9;
  const used = process.cpuUsage(cpu);
  const battles = reports.reduce((n, r) => n + r.resolved, 0);
  console.log(JSON.stringify({ wall, cpu: (used.user + used.system) / 1e6, samples, battles }));
}

void main();
