import { parentPort } from 'node:worker_threads';
import { adjudicateFile, battleIdsOf } from './adjudicate-file';
import { FileJob, FileReport, IdsJob, IdsReport } from './file-report';

/**
 * A worker thread of `praetor adjudicate`: takes one file at a time, in the order they come,
 * and answers each with its report (the pool sends the next file before this one is done), or
 * with its battles' ids when asked for them only.
 */
let done: Promise<void> = Promise.resolve();
parentPort!.on('message', (job: FileJob | IdsJob) => {
  done = done
    .then((): Promise<FileReport | IdsReport> =>
      'ids' in job ? battleIdsOf(job) : adjudicateFile(job),
    )
    .then((report) => parentPort!.postMessage(report));
});
