import { parentPort } from 'node:worker_threads';
import { adjudicateFile, FileJob } from './adjudicate-file';

/** A worker thread of `praetor adjudicate`: takes one file at a time, answers with its report. */
parentPort!.on('message', (job: FileJob) => {
  adjudicateFile(job).then((report) => parentPort!.postMessage(report));
});
