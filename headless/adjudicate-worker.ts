import { parentPort } from 'node:worker_threads';
import { adjudicateFile } from './adjudicate-file';
import { FileJob } from './file-report';

/**
 * A worker thread of `praetor adjudicate`: takes one file at a time, in the order they come,
 * and answers each with its report (the pool sends the next file before this one is done).
 */
let done: Promise<void> = Promise.resolve();
parentPort!.on('message', (job: FileJob) => {
  done = done.then(() => adjudicateFile(job)).then((report) => parentPort!.postMessage(report));
});
