import { WorkerPool } from '../headless/worker-pool';

/** Workers that hang, blow their heap or crash cost their own task, never the pool's others. */

const WORKER = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', (task) => {
  if (task === 'hang') for (;;) {}
  if (task === 'oom') { const keep = []; for (;;) keep.push(new Array(1e5).fill(Math.random())); }
  if (task === 'crash') throw new Error('boom');
  if (task === 'exit') process.exit(3);
  if (task === 'whoami') return setTimeout(() => parentPort.postMessage(String(require('node:worker_threads').threadId)), 50);
  parentPort.postMessage('done ' + task);
});`;

const pool = (size: number, timeoutMs = 2000) =>
  new WorkerPool<string, string>({ size, script: WORKER, eval: true, memoryMb: 32, timeoutMs });

describe('WorkerPool', () => {
  it('runs tasks and gives each its answer', async () => {
    const p = pool(2);
    const results = await Promise.all(['a', 'b', 'c', 'd'].map((t) => p.run(t)));
    await p.close();
    expect(results).toEqual(['a', 'b', 'c', 'd'].map((t) => ({ ok: true, value: `done ${t}` })));
  });

  it('runs as many workers at once as its size, and no more', async () => {
    for (const size of [1, 2, 3]) {
      const p = pool(size);
      const results = await Promise.all(Array.from({ length: 6 }, () => p.run('whoami')));
      await p.close();
      const threads = new Set(results.map((r) => (r.ok ? r.value : r.error)));
      expect(threads.size).toBe(size);
    }
  });

  it('stops a task over its time limit, and goes on with the others', async () => {
    const p = pool(1, 300);
    const results = await Promise.all(['hang', 'after'].map((t) => p.run(t)));
    await p.close();
    expect(results).toEqual([
      { ok: false, error: 'took longer than 0.3 s; stopped' },
      { ok: true, value: 'done after' },
    ]);
  });

  it('sends a worker its next tasks early, and gives another worker those a failed one held', async () => {
    const p = pool(1);
    const tasks = ['a', 'crash', 'b', 'c', 'exit', 'd', 'e'];
    const results = await Promise.all(tasks.map((t) => p.run(t)));
    await p.close();
    expect(results).toEqual([
      { ok: true, value: 'done a' },
      { ok: false, error: 'crashed the reader: boom' },
      { ok: true, value: 'done b' },
      { ok: true, value: 'done c' },
      { ok: false, error: 'the worker stopped unexpectedly' },
      { ok: true, value: 'done d' },
      { ok: true, value: 'done e' },
    ]);
  });

  it("a task's time limit runs from its start: sending the worker its next task does not restart it", async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const p = pool(1, 1000);
    try {
      let hung: unknown = 'still running';
      void p.run('hang').then((r) => (hung = r));
      jest.advanceTimersByTime(600);
      // Queued in the same worker behind the hung task, 600 ms into it.
      const after = p.run('after');
      jest.advanceTimersByTime(500);
      await Promise.resolve();
      expect(hung).toEqual({ ok: false, error: 'took longer than 1 s; stopped' });
      expect(await after).toEqual({ ok: true, value: 'done after' });
    } finally {
      jest.useRealTimers();
      await p.close();
    }
  });

  it('stops a task that runs out of memory, crashes or exits', async () => {
    const p = pool(2, 20000);
    const results = await Promise.all(['oom', 'crash', 'exit', 'fine'].map((t) => p.run(t)));
    await p.close();
    expect(results[0]).toEqual({ ok: false, error: 'ran out of memory (over 32 MB); stopped' });
    expect(results[1]).toEqual({ ok: false, error: 'crashed the reader: boom' });
    expect(results[2]).toEqual({ ok: false, error: 'the worker stopped unexpectedly' });
    expect(results[3]).toEqual({ ok: true, value: 'done fine' });
  });
});
