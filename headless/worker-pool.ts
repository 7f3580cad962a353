import { Worker } from 'node:worker_threads';
import { err, ok, Result } from '../src/result';

/**
 * A fixed number of worker threads, each with a heap limit, running one task at a time with a
 * time limit. A worker that runs out of memory, crashes or overruns is ended and replaced, and
 * its task fails with a plain message: one bad task never takes the others down.
 *
 * Each worker is sent its next task before it has finished the one it is running, so that it
 * never waits for this thread to wake up between tasks. The worker must take its messages in
 * order, one at a time, and answer each with one message. A task's time limit starts when the
 * task before it is answered; when a worker is ended, the tasks waiting in it go to another.
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
  /** Tasks sent to a worker at once: the one it runs and those queued behind it (default 2). */
  depth?: number;
}

interface Pending<T, R> {
  task: T;
  resolve: (result: Result<R>) => void;
}

interface Slot<T, R> {
  worker: Worker;
  /** The tasks sent to the worker, in order: the first is the one it runs. */
  jobs: Pending<T, R>[];
  timer: NodeJS.Timeout | null;
  /** Why the worker failed, told by its 'error' event and acted on at its 'exit'. */
  failure?: string;
}

/** A worker's young generation, in MB (V8's default for a worker is far smaller). */
export const YOUNG_GENERATION_MB = 48;

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

  /**
   * Fails the tasks not yet sent to a worker with `message` (a run that was interrupted): those
   * the workers hold already finish as usual.
   */
  dropQueued(message: string): void {
    for (const job of this.queue.splice(0)) job.resolve(err(message));
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.slots].map((s) => s.worker.terminate()));
    this.slots.clear();
  }

  private dispatch(): void {
    const depth = Math.max(1, this.options.depth ?? 2);
    while (this.queue.length > 0) {
      const slots = [...this.slots];
      let slot = slots.find((s) => s.jobs.length === 0);
      if (!slot && this.slots.size < this.options.size) slot = this.spawn();
      slot ??= slots.find((s) => s.jobs.length < depth);
      if (!slot) return;
      const job = this.queue.shift()!;
      slot.jobs.push(job);
      slot.worker.postMessage(job.task);
      if (slot.jobs.length === 1) this.startTimer(slot);
    }
  }

  /** The time limit of the task a worker runs now. */
  private startTimer(slot: Slot<T, R>): void {
    slot.timer = setTimeout(() => this.fail(slot, this.overrun()), this.options.timeoutMs);
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
        maxYoungGenerationSizeMb: Math.min(YOUNG_GENERATION_MB, this.options.memoryMb),
      },
    });
    const slot: Slot<T, R> = { worker, jobs: [], timer: null };
    worker.on('message', (reply: R) => this.settle(slot, ok(reply)));
    // An 'error' can come before the replies the worker sent just before it failed; they all
    // come before its 'exit', so a task it finished is never blamed for the next one.
    worker.on('error', (e: Error & { code?: string }) => {
      slot.failure ??=
        e.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? `ran out of memory (over ${this.options.memoryMb} MB); stopped`
          : `crashed the reader: ${e.message}`;
    });
    worker.on('exit', () => this.fail(slot, slot.failure ?? 'the worker stopped unexpectedly'));
    this.slots.add(slot);
    return slot;
  }

  private settle(slot: Slot<T, R>, result: Result<R>): void {
    const job = slot.jobs.shift();
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    if (slot.jobs.length > 0) this.startTimer(slot);
    job?.resolve(result);
    this.dispatch();
  }

  /**
   * Ends a worker that failed: its task fails, the tasks waiting in it go back to the front of
   * the queue, and a fresh worker takes them.
   */
  private fail(slot: Slot<T, R>, message: string): void {
    if (!this.slots.delete(slot)) return;
    void slot.worker.terminate();
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    const [job, ...waiting] = slot.jobs;
    slot.jobs = [];
    this.queue.unshift(...waiting);
    job?.resolve(err(message));
    this.dispatch();
  }
}
