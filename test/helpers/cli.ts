import { main } from '../../headless/cli';
import { bufferIo } from './workbooks';

/** Runs `praetor ARGV...` through main(), as a user would, capturing stdout and stderr. */
export async function praetor(...argv: string[]) {
  let out = '';
  let err = '';
  const code = await main(argv, { out: (t) => (out += `${t}\n`), err: (t) => (err += `${t}\n`) });
  return { code, out, err };
}

/**
 * Runs `praetor ARGS...` through main(), its stdout and stderr each as its lines joined (no
 * newline after the last), as `bufferIo` keeps them.
 */
export async function run(...args: string[]) {
  const io = bufferIo();
  const code = await main(args, io);
  return { code, out: io.stdout(), err: io.stderr() };
}

/** Splits a command line written with double quotes, as a shell would. */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  const re = /"((?:[^"\\]|\\.)*)"|(\S+)/g;
  for (let m = re.exec(line); m; m = re.exec(line)) {
    words.push(m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : m[2]);
  }
  return words;
}
