/**
 * A replay command as HTML for a printed page, laid out so that it still runs when copied from
 * the PDF: its arguments in lines that fit the page, each line but the last ending in ` \` (the
 * shell's line continuation), so that no argument is ever cut by the page's edge. A line too
 * long for the page may wrap only where a copied line break does no harm: inside a quoted
 * roster after a legion's `;` (a JSON roster after a `,` between its values), inside the quoted
 * dice or orders after a `,` (a line break there is read as one more separator). Never inside
 * a seed, which must stay exactly as it is: an argument longer than a line with no such place
 * (a long seed) is printed smaller, and if it is longer still, over lines of its own that the
 * page says to join.
 */

/** Text as HTML shows it, in an element or a quoted attribute. */
export const escapeHtml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The flags whose quoted value may break after the character given. */
const BREAKS: Record<string, string> = {
  '--attacker': ';',
  '--defender': ';',
  '--dice': ',',
  '--attacker-orders': ',',
  '--defender-orders': ',',
};

/** A shell word of the command: `"..."` or `$'...'` with its escapes, or a run of non-spaces. */
const WORDS = /"(?:[^"\\]|\\.)*"|\$'(?:[^'\\]|\\.)*'|\S+/g;

/** The characters of a line the printed box holds (9-point monospace on A4, the narrower). */
export const LINE_CHARS = 92;
/** As many in the smaller type of a line too long for the first (7.5 points). */
export const SMALL_LINE_CHARS = 110;

/** A piece's width in characters of the monospace font: a wide (CJK) character takes two. */
const WIDE =
  /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u;
function width(text: string): number {
  let n = 0;
  for (const ch of text) n += WIDE.test(ch) || ch.codePointAt(0)! > 0xffff ? 2 : 1;
  return n;
}

export function commandHtml(command: string): string {
  return command
    .split('\n')
    .map((line) => `<span class="command">${argumentLines(line).join('')}</span>`)
    .join('\n');
}

/** True when the command is printed over more than one line (continued with ` \`). */
export const continuesOver = (html: string): boolean => html.includes(' \\</span>');

/** True when a value of it is printed over lines of its own, to be joined. */
export const splitsAValue = (html: string): boolean => html.includes('class="long"');

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
  // Each printed line: the pieces it may break between (a line is packed by its width).
  const lines: string[][] = [];
  let used = 0;
  for (const group of groups) {
    const pieces = piecesOf(group);
    const size = width(group.join(' '));
    const open = lines[lines.length - 1];
    if (open && used + 1 + size + 2 <= LINE_CHARS) {
      open[open.length - 1] += ` ${pieces[0]}`;
      open.push(...pieces.slice(1));
      used += 1 + size;
    } else {
      lines.push(lines.length > 0 ? [`  ${pieces[0]}`, ...pieces.slice(1)] : pieces);
      used = size + (lines.length > 1 ? 2 : 0);
    }
  }
  return lines.map((pieces, i) => {
    const more = i < lines.length - 1 ? ' \\' : '';
    const html = pieces
      .map((p, j) => pieceHtml(j === pieces.length - 1 ? p + more : p))
      .join('<wbr>');
    return `<span class="arg">${html}</span>`;
  });
}

/**
 * A piece that fits a line; one that fits in the smaller type; or, longer still, the piece cut
 * into lines of its own in the smaller type. A cut never touches a space: a space at the start
 * or end of a line is lost when the line is copied, and the lines are joined with none between.
 * So the last line keeps its ` \` whole.
 */
function pieceHtml(piece: string): string {
  const size = width(piece);
  if (size <= LINE_CHARS) return `<span class="nb">${escapeHtml(piece)}</span>`;
  if (size <= SMALL_LINE_CHARS) return `<span class="small">${escapeHtml(piece)}</span>`;
  const chars = [...piece];
  const chunks: string[] = [];
  let start = 0;
  while (start < chars.length) {
    let end = start;
    let used = 0;
    while (end < chars.length && used + width(chars[end]) <= SMALL_LINE_CHARS - 2) {
      used += width(chars[end++]);
    }
    let cut = end;
    while (
      cut > start + 1 &&
      cut < chars.length &&
      (chars[cut - 1] === ' ' || chars[cut] === ' ')
    ) {
      cut--;
    }
    // No cut in the line is clear of spaces (a long run of them, or words of one letter): cut
    // where the line ends.
    if (cut === start + 1 && end > start + 1) cut = end;
    chunks.push(chars.slice(start, cut).join(''));
    start = cut;
  }
  return chunks.map((c) => `<span class="long">${escapeHtml(c)}</span>`).join('<br>');
}

/** A flag and its value, cut where a line may break (see above). */
function piecesOf(group: string[]): string[] {
  const [flag, value] = group;
  const mark = BREAKS[flag];
  if (group.length !== 2 || mark === undefined || !value.startsWith('"')) return [group.join(' ')];
  // A JSON roster (a name holding `:`, `;` or `,`) breaks between its values only.
  const json = mark === ';' && /^"[[{]/.test(value);
  const parts = splitAfter(value, json ? ',' : mark, json);
  parts[0] = `${flag} ${parts[0]}`;
  return parts;
}

/**
 * `"a; b; c"` cut after each `mark` and the spaces after it: `"a; `, `b; `, `c"`; with `json`,
 * not inside a JSON string (its quotes are `\"` within the shell's).
 */
function splitAfter(word: string, mark: string, json: boolean): string[] {
  const parts: string[] = [];
  let from = 0;
  let inString = false;
  for (let i = 1; i < word.length - 1; i++) {
    if (json && word[i] === '\\') {
      if (word[i + 1] === '"') inString = !inString;
      i++;
      continue;
    }
    if (word[i] !== mark || inString) continue;
    let end = i + 1;
    while (word[end] === ' ') end++;
    if (end >= word.length - 1) break;
    parts.push(word.slice(from, end));
    from = end;
  }
  parts.push(word.slice(from));
  return parts;
}
