/**
 * A battle id as a workbook tells ids apart: in any case, letter by letter, so that `ΟΣ` and
 * `οσ` (whose lower case differs only by the final `ς`), or `ſ` and `s`, are one id, as Unicode's
 * case folding has them. A letter whose capital is two letters (`ß`, `SS`) stays itself, and so
 * does dotless `ı`: `Straße` and `Strasse`, `Kırk` and `Kirk` are two battles each.
 */
export const battleIdKey = (id: string): string =>
  // Plain ASCII, nearly every id, folds by lower case alone.
  /^[\x00-\x7f]*$/.test(id)
    ? id.toLowerCase()
    : Array.from(id, (letter) => {
        const capital = letter.toUpperCase();
        // Dotless `ı` shares its capital `I` with `i`, but is another letter (Kırk is not Kirk).
        if (letter === 'ı' || Array.from(capital).length !== 1) return letter.toLowerCase();
        return capital.toLowerCase();
      }).join('');
