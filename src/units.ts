/** A ruleset's unit types and the words a roster may use for them. */
export interface UnitType {
  code: string;
  name: string;
  /** Other words for the type, singular and plural, matched in any case. */
  aliases: readonly string[];
}

export type UnitCatalog = readonly UnitType[];

const normalise = (word: string) => word.trim().toLowerCase().replace(/\s+/g, ' ');

/** Finds the unit code for a word (code, name or alias, any case), or undefined. */
export function unitCode(catalog: UnitCatalog, word: string): string | undefined {
  const w = normalise(word);
  for (const t of catalog) {
    if (normalise(t.code) === w || normalise(t.name) === w) return t.code;
    if (t.aliases.some((a) => normalise(a) === w)) return t.code;
  }
  return undefined;
}

/** `Infantry (INF), Cavalry (CAV), ...` for error messages. */
export function describeCatalog(catalog: UnitCatalog): string {
  return catalog.map((t) => `${t.name} (${t.code})`).join(', ');
}
