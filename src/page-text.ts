/**
 * Excel keeps a printed page's header (or footer) as one string of at most 255 characters: its
 * three sections with their codes (`&L`, `&C`, `&R`). Each section's text gets 80 of them, so
 * that three sections always fit, and an over-long seed or battle id never makes Excel refuse
 * (or "repair") the sheet.
 */
export const PAGE_SECTION_LIMIT = 80;

/**
 * A section's text with every `&` doubled (a lone `&` starts a code; `&&` prints one), cut with
 * `…` to at most `limit` characters as written: never half an `&&`, never half a character.
 */
export function pageSection(text: string, limit = PAGE_SECTION_LIMIT): string {
  const escaped = text.replace(/&/g, '&&');
  if (escaped.length <= limit) return escaped;
  let cut = '';
  for (const ch of text) {
    const piece = ch === '&' ? '&&' : ch;
    if (cut.length + piece.length > limit - 1) break;
    cut += piece;
  }
  return `${cut}…`;
}
