import { SimWorkbook } from './model';
import { SimContext } from './proxies';

/**
 * The globals that office.js would define, `Office` and `Excel`, backed by a SimWorkbook: in
 * Jest (on globalThis) and in the browser test (served in place of the Office CDN script).
 */

export interface SimGlobals {
  Office: unknown;
  Excel: unknown;
}

export function simGlobals(model: SimWorkbook, host = 'Excel'): SimGlobals {
  const info = { host, platform: 'OfficeOnline' };
  return {
    Office: {
      HostType: { Excel: 'Excel', Word: 'Word' },
      onReady(callback?: (i: typeof info) => void) {
        return Promise.resolve(info).then((i) => {
          callback?.(i);
          return i;
        });
      },
      context: {
        requirements: {
          isSetSupported: (name: string, version = '1.1') =>
            name === 'ExcelApi' && model.apiAtLeast(String(version)),
        },
      },
    },
    Excel: {
      /** Runs a batch; what is still queued when it returns is synced, as Excel.run does. */
      async run<T>(batch: (context: SimContext) => Promise<T>): Promise<T> {
        const context = new SimContext(model);
        const result = await batch(context);
        if (context.pending) await context.sync();
        return result;
      },
      PageOrientation: { portrait: 'Portrait', landscape: 'Landscape' },
    },
  };
}

/** Puts `Office` and `Excel` on a global object (globalThis in Jest, window in a page). */
export function installSim(target: object, model: SimWorkbook, host = 'Excel'): void {
  Object.assign(target, simGlobals(model, host));
}

export function removeSim(target: object): void {
  const t = target as Record<string, unknown>;
  delete t.Office;
  delete t.Excel;
}
