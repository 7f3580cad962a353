import { sep } from 'node:path';

/**
 * What a batch's lines call each input: its file name, or, where several inputs share a name
 * (each player's `orders.xlsx` in a folder of their own), as many of its folders as tell it
 * apart (`alba/orders.xlsx`, `gallia/orders.xlsx`).
 */
export function fileLabels(inputs: readonly string[]): Map<string, string> {
  const labels = new Map<string, string>();
  const parts = new Map(inputs.map((input) => [input, input.split(/[\\/]+/)]));
  const tail = (input: string, n: number) => parts.get(input)!.slice(-n).join(sep);
  let pending = [...parts.keys()];
  for (let n = 1; pending.length > 0; n++) {
    const count = new Map<string, number>();
    for (const input of pending) count.set(tail(input, n), (count.get(tail(input, n)) ?? 0) + 1);
    for (const input of pending) {
      if (count.get(tail(input, n)) === 1 || n >= parts.get(input)!.length) {
        labels.set(input, tail(input, n));
      }
    }
    pending = pending.filter((input) => !labels.has(input));
  }
  return labels;
}
