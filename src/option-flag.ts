/**
 * An option's command-line flag, as `praetor battle` takes it and a report's replay line writes
 * it: `hitOn` is `--hit-on`, `URLMode` `--url-mode` (returned without the dashes).
 */
export const optionFlagName = (key: string): string =>
  key
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .toLowerCase();
