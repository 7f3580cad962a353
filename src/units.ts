/** A ruleset's unit types and the words a roster may use for them. */
export interface UnitType {
  code: string;
  name: string;
  /** Other words for the type, singular and plural, matched in any case. */
  aliases: readonly string[];
}

export type UnitCatalog = readonly UnitType[];

const normalise = (word: string) => word.trim().toLowerCase().replace(/\s+/g, ' ');

/** Each catalog's words, normalised, to their codes: built once, read for every cell. */
const wordIndex = new WeakMap<UnitCatalog, Map<string, string>>();

function indexOf(catalog: UnitCatalog): Map<string, string> {
  let index = wordIndex.get(catalog);
  if (!index) {
    index = new Map();
    for (const t of catalog) {
      for (const word of [t.code, t.name, ...t.aliases]) {
        if (!index.has(normalise(word))) index.set(normalise(word), t.code);
      }
    }
    wordIndex.set(catalog, index);
  }
  return index;
}

/** Finds the unit code for a word (code, name or alias, any case), or undefined. */
export function unitCode(catalog: UnitCatalog, word: string): string | undefined {
  return indexOf(catalog).get(normalise(word));
}

/** `Infantry (INF), Cavalry (CAV), ...` for error messages. */
export function describeCatalog(catalog: UnitCatalog): string {
  return catalog.map((t) => `${t.name} (${t.code})`).join(', ');
}
