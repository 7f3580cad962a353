/** Words the rulesets' narrators share. */

export const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** `Marcus'`, `Titus'`, `Drusilla's`. */
export const possessive = (name: string): string => (name.endsWith('s') ? `${name}'` : `${name}'s`);
