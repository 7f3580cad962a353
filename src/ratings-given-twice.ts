/**
 * A rating with a number given twice in a roster's list (`attack 6, attack 9`): read in turn,
 * the last would win unseen. Null when each is given once. Ratings without a number (`forester`,
 * `pila`) may repeat: saying one twice changes nothing.
 */
export function givenTwice(items: readonly string[]): string | null {
  const seen = new Set<string>();
  for (const item of items) {
    const text = item.trim().toLowerCase().replace(/\s+/g, ' ');
    if (!/\d$/.test(text)) continue;
    const rating = text.replace(/[\s\d/.+-]+$/, '');
    if (seen.has(rating)) return `${rating} is given twice: give each rating once`;
    seen.add(rating);
  }
  return null;
}
