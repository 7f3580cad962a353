import { Worker } from 'node:worker_threads';
import { err, ok, Result } from '../src/result';

/**
 * A fixed number of worker threads, each with a heap limit, running one task at a time with a
 * time limit. A worker that runs out of memory, crashes or overruns is ended and replaced, and
 * its task fails with a plain message: one bad task never takes the others down.
 */

export interface PoolOptions {
  size: number;
  /** The worker's file, or with `eval`, its code. */
  script: string;
  eval?: boolean;
  /** Heap limit of each worker (old generation), in MB. */
  memoryMb: number;
  /** Time limit of one task, in milliseconds. */
  timeoutMs: number;
}

interface Pending<T, R> {
  task: T;
  resolve: (result: Result<R>) => void;
}

interface Slot<T, R> {
  worker: Worker;
  job: Pending<T, R> | null;
  timer: NodeJS.Timeout | null;
}

export class WorkerPool<T, R> {
  private readonly slots = new Set<Slot<T, R>>();
  private readonly queue: Pending<T, R>[] = [];
  private closed = false;

  constructor(private readonly options: PoolOptions) {}

  run(task: T): Promise<Result<R>> {
    if (this.closed) return Promise.resolve(err('the worker pool is closed'));
    return new Promise((resolve) => {
      this.queue.push({ task, resolve });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.slots].map((s) => s.worker.terminate()));
    this.slots.clear();
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      let slot = [...this.slots].find((s) => s.job === null);
      if (!slot && this.slots.size < this.options.size) slot = this.spawn();
      if (!slot) return;
      const job = this.queue.shift()!;
      slot.job = job;
      slot.timer = setTimeout(() => this.fail(slot!, this.overrun()), this.options.timeoutMs);
      slot.worker.postMessage(job.task);
    }
  }

  private overrun(): string {
    return `took longer than ${Number((this.options.timeoutMs / 1000).toFixed(1))} s; stopped`;
  }

  private spawn(): Slot<T, R> {
    const worker = new Worker(this.options.script, {
      eval: this.options.eval === true,
      // The young generation as a main thread has it: left unset, V8 sizes it from the heap
      // limit, far smaller, and a worker spends its time collecting garbage.
      resourceLimits: {
        maxOldGenerationSizeMb: this.options.memoryMb,
        maxYoungGenerationSizeMb: Math.min(48, this.options.memoryMb),
      },
    });
    const slot: Slot<T, R> = { worker, job: null, timer: null };
    worker.on('message', (reply: R) => this.settle(slot, ok(reply)));
    worker.on('error', (e: Error & { code?: string }) =>
      this.fail(
        slot,
        e.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? `ran out of memory (over ${this.options.memoryMb} MB); stopped`
          : `crashed the reader: ${e.message}`,
      ),
    );
    worker.on('exit', () => this.fail(slot, 'the worker stopped unexpectedly'));
    this.slots.add(slot);
    return slot;
  }

  private settle(slot: Slot<T, R>, result: Result<R>): void {
    const job = slot.job;
    if (slot.timer) clearTimeout(slot.timer);
    slot.job = null;
    slot.timer = null;
    job?.resolve(result);
    this.dispatch();
  }

  /** Ends a worker that failed: its task fails, a fresh worker takes the next. */
  private fail(slot: Slot<T, R>, message: string): void {
    if (!this.slots.delete(slot)) return;
    void slot.worker.terminate();
    this.settle(slot, err(message));
  }
}
