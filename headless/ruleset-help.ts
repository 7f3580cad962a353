import { DEFAULT_RULESET, rulesetIds } from '../src/rulesets';

/**
 * Help text made from the ruleset registry, so that a new ruleset is listed without an edit
 * here: `cote-pbem (default), cote-online, ... or fortunes-of-war`, wrapped.
 */

/** The rulesets as a help text lists them, the default marked. */
export function rulesetChoices(ids: readonly string[] = rulesetIds()): string {
  const words = ids.map((id) => (id === DEFAULT_RULESET ? `${id} (default)` : id));
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words.at(-1)}` : words[0];
}

/**
 * `text` after `lead` (a help line's start), wrapped at `width` columns, further lines indented
 * to `indent`: the layout of an option's description in the commands' help.
 */
export function helpLines(lead: string, text: string, indent = 24, width = 92): string {
  const lines: string[] = [];
  let line = lead;
  text.split(' ').forEach((word, i) => {
    if (i > 0 && line.length + 1 + word.length > width) {
      lines.push(line);
      line = ' '.repeat(indent) + word;
    } else line = i === 0 ? line + word : `${line} ${word}`;
  });
  lines.push(line);
  return lines.join('\n');
}
