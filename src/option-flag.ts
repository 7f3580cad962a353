/**
 * An option's command-line flag, as `praetor battle` takes it and a report's replay line writes
 * it: `hitOn` is `--hit-on` (returned without the dashes: `hit-on`).
 */
export const optionFlagName = (key: string): string =>
  key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
