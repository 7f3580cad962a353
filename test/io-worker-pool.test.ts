import { WorkerPool } from '../headless/worker-pool';

/** The pool's promises about its workers: idle ones first, a time limit for every task. */

const WORKER = `
const { parentPort, threadId } = require('node:worker_threads');
parentPort.on('message', (task) => {
  if (task === 'hang') for (;;) {}
  const sleep = /^sleep (\\d+)$/.exec(task);
  if (sleep) return setTimeout(() => parentPort.postMessage('slept ' + threadId), Number(sleep[1]));
  parentPort.postMessage('done ' + task);
});`;

const pool = (size: number, timeoutMs: number) =>
  new WorkerPool<string, string>({ size, script: WORKER, eval: true, memoryMb: 32, timeoutMs });

describe('WorkerPool', () => {
  it('gives two tasks to two workers of a pool of two, not both to the first', async () => {
    const p = pool(2, 20_000);
    const results = await Promise.all([p.run('sleep 300'), p.run('sleep 300')]);
    await p.close();
    const threads = results.map((r) => (r.ok ? r.value : r.error));
    expect(new Set(threads).size).toBe(2);
  });

  it('stops a task over its time limit also when it was sent to a busy worker', async () => {
    const p = pool(1, 3000);
    const results = await Promise.all(['a', 'hang', 'after'].map((t) => p.run(t)));
    await p.close();
    expect(results).toEqual([
      { ok: true, value: 'done a' },
      { ok: false, error: 'took longer than 3 s; stopped' },
      { ok: true, value: 'done after' },
    ]);
  });

  it('answers a task given after close with an error, and starts no worker', async () => {
    const p = pool(1, 1000);
    await p.close();
    expect(await p.run('late')).toEqual({ ok: false, error: 'the worker pool is closed' });
  });
});
