/**
 * A replay command as HTML for a printed page, laid out so that it still runs when copied from
 * the PDF: its arguments in lines that fit the page, each line but the last ending in ` \` (the
 * shell's line continuation), so that no argument is ever cut by the page's edge. A line too long for the
 * page may wrap only where a copied line break does no harm: inside a quoted roster after a
 * legion's `;`, inside the quoted dice after a `,` (a line break there is read as one more
 * separator). Never inside a seed, which must stay exactly as it is: an argument longer than a
 * line with no such place (a long seed) is printed smaller, and if it is longer still, wraps
 * where it must, and the page says to join it.
 */

const escape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The flags whose quoted value may break after the character given. */
const BREAKS: Record<string, string> = { '--attacker': ';', '--defender': ';', '--dice': ',' };

/** A shell word of the command: `"..."` with its escapes, or a run of non-spaces. */
const WORDS = /"(?:[^"\\]|\\.)*"|\S+/g;

/** The characters of a line the printed box holds (9-point monospace on A4, the narrower). */
export const LINE_CHARS = 92;
/** As many in the smaller type of a line too long for the first (7.5 points). */
export const SMALL_LINE_CHARS = 110;

/** A piece's class: `nb` fits a line; `small` fits one in smaller type; `long` must wrap. */
const pieceClass = (piece: string) =>
  piece.length <= LINE_CHARS ? 'nb' : piece.length <= SMALL_LINE_CHARS ? 'small' : 'long';

export function commandHtml(command: string): string {
  return command
    .split('\n')
    .map((line) => `<span class="command">${argumentLines(line).join('')}</span>`)
    .join('\n');
}

/**
 * A command's lines: its words up to the first flag, then its flags with their values, as many
 * as fit a line, each line but the last continued with ` \`.
 */
function argumentLines(line: string): string[] {
  const words = line.match(WORDS) ?? [];
  const groups: string[][] = [[]];
  for (const word of words) {
    if (word.startsWith('--') && groups[groups.length - 1].length > 0) groups.push([]);
    groups[groups.length - 1].push(word);
  }
  // Each printed line: the pieces it may break between (a line is packed by its length).
  const lines: string[][] = [];
  let length = 0;
  for (const group of groups) {
    const pieces = piecesOf(group);
    const size = group.join(' ').length;
    const open = lines[lines.length - 1];
    if (open && length + 1 + size + 2 <= LINE_CHARS) {
      open[open.length - 1] += ` ${pieces[0]}`;
      open.push(...pieces.slice(1));
      length += 1 + size;
    } else {
      lines.push(lines.length > 0 ? [`  ${pieces[0]}`, ...pieces.slice(1)] : pieces);
      length = size + (lines.length > 1 ? 2 : 0);
    }
  }
  return lines.map((pieces, i) => {
    if (i < lines.length - 1) pieces[pieces.length - 1] += ' \\';
    const html = pieces
      .map((p) => `<span class="${pieceClass(p)}">${escape(p)}</span>`)
      .join('<wbr>');
    return `<span class="arg">${html}</span>`;
  });
}

/** A flag and its value, cut where a line may break (see above). */
function piecesOf(group: string[]): string[] {
  const [flag, value] = group;
  const mark = BREAKS[flag];
  if (group.length !== 2 || mark === undefined || !value.startsWith('"')) return [group.join(' ')];
  const parts = splitAfter(value, mark);
  parts[0] = `${flag} ${parts[0]}`;
  return parts;
}

/** `"a; b; c"` cut after each `;` and the spaces after it: `"a; `, `b; `, `c"`. */
function splitAfter(word: string, mark: string): string[] {
  const parts: string[] = [];
  let from = 0;
  for (let i = 0; i < word.length; i++) {
    if (word[i] !== mark) continue;
    let end = i + 1;
    while (word[end] === ' ') end++;
    if (end >= word.length - 1) break;
    parts.push(word.slice(from, end));
    from = end;
  }
  parts.push(word.slice(from));
  return parts;
}
