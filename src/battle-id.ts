/**
 * A battle id as a workbook tells ids apart: in any case, letter by letter, so that `ΟΣ` and
 * `οσ` (whose lower case differs only by the final `ς`), or `ſ` and `s`, are one id. A letter
 * whose capital is two letters (`ß`, `SS`) stays itself: `Straße` and `Strasse` are two battles.
 */
export const battleIdKey = (id: string): string =>
  Array.from(id, (letter) => {
    const capital = letter.toUpperCase();
    return Array.from(capital).length === 1 ? capital.toLowerCase() : letter.toLowerCase();
  }).join('');
