/**
 * A replay command as HTML that a printed page may wrap only where a copied line break does no
 * harm: inside a quoted roster after a legion's `;`, inside the quoted dice after a `,` (a line
 * break there is read as one more separator). Never between two arguments, where the shell
 * would end the command, nor inside a seed, which must stay exactly as it is. Copied from a
 * PDF, the command still runs as printed.
 */

const escape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The flags whose quoted value may break after the character given. */
const BREAKS: Record<string, string> = { '--attacker': ';', '--defender': ';', '--dice': ',' };

/** A shell word of the command: `"..."` with its escapes, or a run of non-spaces. */
const WORDS = /"(?:[^"\\]|\\.)*"|\S+/g;

export function commandHtml(command: string): string {
  return command
    .split('\n')
    .map((line) => `<span class="command">${lineHtml(line)}</span>`)
    .join('\n');
}

function lineHtml(line: string): string {
  const words = line.match(WORDS) ?? [];
  // Pieces that may not break inside, with a break allowed between two of them.
  const pieces: string[] = [''];
  words.forEach((word, i) => {
    const after = i > 0 ? BREAKS[words[i - 1]] : undefined;
    const parts = after && word.startsWith('"') ? splitAfter(word, after) : [word];
    pieces[pieces.length - 1] += (i > 0 ? ' ' : '') + parts[0];
    pieces.push(...parts.slice(1));
  });
  return pieces.map((p) => `<span class="nb">${escape(p)}</span>`).join('<wbr>');
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
