import { PaneInput } from './input';
import { Report } from './actions';
import { OPTION_FIELDS, OptionField, RulesetFields } from './option-fields';

/** The pane's form and status area: reading the controls, showing what happened. */

const byId = <T extends HTMLElement>(doc: Document, id: string): T => {
  const el = doc.getElementById(id);
  if (!el) throw new Error(`taskpane.html has no #${id}`);
  return el as T;
};

const value = (doc: Document, id: string) =>
  byId<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(doc, id).value;

export function diceKind(doc: Document): 'seed' | 'rolls' {
  const checked = doc.querySelector<HTMLInputElement>('input[name="dice-kind"]:checked');
  return checked?.value === 'rolls' ? 'rolls' : 'seed';
}

export function readInput(doc: Document): PaneInput {
  const kind = diceKind(doc);
  return {
    battle: value(doc, 'battle-id'),
    attacker: value(doc, 'attacker'),
    defender: value(doc, 'defender'),
    rules: value(doc, 'rules'),
    options: {
      sea: byId<HTMLInputElement>(doc, 'sea').checked,
      fort: value(doc, 'fort'),
      breachBy: value(doc, 'breach-by'),
      retreat: value(doc, 'retreat'),
      rounds: value(doc, 'rounds'),
      mode: value(doc, 'mode'),
      more: value(doc, 'more'),
    },
    dice: { kind, text: value(doc, kind === 'seed' ? 'seed' : 'rolls') },
  };
}

/** Shows the seed box or the rolls box, as the dice choice says. */
export function showDiceField(doc: Document): void {
  const kind = diceKind(doc);
  byId(doc, 'seed-field').hidden = kind !== 'seed';
  byId(doc, 'rolls-field').hidden = kind !== 'rolls';
}

/**
 * Shows the Options fields the ruleset takes, and hides the others (which are not sent):
 * Fortification gets the ruleset's choices, More options the list of its other keys.
 */
export function showRulesetFields(doc: Document, rulesetId: string, shown: RulesetFields): void {
  for (const field of Object.keys(OPTION_FIELDS) as OptionField[]) {
    byId(doc, `${field}-field`).hidden = !shown.fields.includes(field);
  }
  const fort = byId<HTMLSelectElement>(doc, 'fort');
  const choices = shown.fortChoices.map((c) => c.value).join('|');
  if (fort.dataset.choices !== choices) {
    fort.replaceChildren(
      ...shown.fortChoices.map((c) => {
        const option = doc.createElement('option');
        option.value = c.value;
        option.textContent = c.label;
        return option;
      }),
    );
    fort.dataset.choices = choices;
  }
  byId(doc, 'more-field').hidden = shown.more.length === 0;
  byId(doc, 'more-hint').textContent =
    `key=value; key=value. The other options of ${rulesetId}: ${shown.more.join(', ')}.`;
}

export function setField(doc: Document, id: string, text: string): void {
  byId<HTMLInputElement>(doc, id).value = text;
}

export function fillSelect(doc: Document, id: string, options: readonly string[]): void {
  const select = byId<HTMLSelectElement>(doc, id);
  select.replaceChildren(
    ...options.map((o) => {
      const option = doc.createElement('option');
      option.value = o;
      option.textContent = o;
      return option;
    }),
  );
}

export function fillRangeNames(doc: Document, names: readonly string[]): void {
  const list = byId<HTMLDataListElement>(doc, 'range-names');
  list.replaceChildren(
    ...names.map((n) => {
      const option = doc.createElement('option');
      option.value = n;
      return option;
    }),
  );
}

const BUTTONS = [
  'resolve',
  'resolve-all',
  'verify',
  'odds',
  'attacker-pick',
  'defender-pick',
  'key-load',
  'key-forget',
];

/** The sealed-dice fields: the pasted key (read once, then cleared), the game and the turn. */
export function readSealFields(doc: Document): { key: string; game: string; turn: string } {
  return {
    key: value(doc, 'seal-key'),
    game: value(doc, 'seal-game'),
    turn: value(doc, 'seal-turn'),
  };
}

/**
 * Game and Turn as a loaded key gives them: a key file's game (and turn, when it seals one) are
 * shown read-only, since they fix every die; what the key does not give is cleared, to type.
 * With no key (`null`), both are left as they are, to edit.
 */
export function bindSealFields(doc: Document, key: { game?: string; turn?: number } | null): void {
  const game = byId<HTMLInputElement>(doc, 'seal-game');
  const turn = byId<HTMLInputElement>(doc, 'seal-turn');
  game.readOnly = key?.game !== undefined;
  turn.readOnly = key?.turn !== undefined;
  if (key === null) return;
  game.value = key.game ?? '';
  turn.value = key.turn === undefined ? '' : String(key.turn);
}

/** Says which key is loaded (its commitment, to compare with the one posted), or none. */
export function showSealStatus(doc: Document, commitment: string | null): void {
  const status = byId(doc, 'seal-status');
  if (commitment === null) {
    status.textContent = "No key loaded: each battle's seed or dice are used.";
  } else {
    const code = doc.createElement('code');
    code.textContent = commitment;
    status.replaceChildren('Key loaded. Its commitment: ', code);
  }
  byId(doc, 'key-forget').hidden = commitment === null;
}

/** The Stop button of a count of odds under way. */
export function showOddsStop(doc: Document, shown: boolean): void {
  byId(doc, 'odds-stop').hidden = !shown;
}

/** Disables the buttons while Excel works, and says so in the status region. */
export function setBusy(doc: Document, busy: boolean, message = ''): void {
  for (const id of BUTTONS) byId<HTMLButtonElement>(doc, id).disabled = busy;
  byId(doc, 'battle-form').setAttribute('aria-busy', String(busy));
  if (busy) showStatus(doc, { tone: 'busy', message, details: [] });
}

/** The number boxes, by the label an error names them with. */
const NUMBER_BOXES = { rounds: 'Pause after rounds', 'seal-turn': 'Turn' } as const;

/**
 * A number box whose text the browser cannot read as a number (`3-`, `1e`, `--2`): its value
 * is then '', which would read as blank. The error names the box, to be shown with it.
 */
export function mistypedNumber(
  doc: Document,
  id: keyof typeof NUMBER_BOXES,
): (Report & { field: string }) | null {
  if (!byId<HTMLInputElement>(doc, id).validity.badInput) return null;
  const blank = id === 'rounds' ? ' (blank fights to the end)' : '';
  return {
    tone: 'error',
    message: `${NUMBER_BOXES[id]}: what is typed there is not a number. Type a whole number, or clear the box${blank}.`,
    details: [],
    field: id,
  };
}

/**
 * Marks the box at fault (`aria-invalid`) and moves the focus to it; the mark goes when the box
 * is changed. Any other box marked before is cleared.
 */
function markField(doc: Document, id: string | undefined): void {
  for (const marked of Array.from(doc.querySelectorAll('[aria-invalid="true"]'))) {
    if (marked.id !== id) marked.removeAttribute('aria-invalid');
  }
  if (id === undefined) return;
  const box = doc.getElementById(id);
  if (!box) return;
  box.setAttribute('aria-invalid', 'true');
  box.addEventListener('input', () => box.removeAttribute('aria-invalid'), { once: true });
  box.focus();
}

export function showStatus(
  doc: Document,
  report: Omit<Report, 'tone'> & { tone: Report['tone'] | 'busy' | 'idle' },
): void {
  if (report.tone !== 'busy') markField(doc, report.tone === 'error' ? report.field : undefined);
  const status = byId(doc, 'status');
  status.dataset.tone = report.tone;
  // An error is said at once (role=alert), and not again by the polite status region.
  const error = report.tone === 'error';
  byId(doc, 'status-alert').textContent = error ? report.message : '';
  const message = byId(doc, 'status-message');
  message.textContent = report.message;
  if (error) message.setAttribute('aria-hidden', 'true');
  else message.removeAttribute('aria-hidden');
  byId(doc, 'status-details').replaceChildren(
    ...report.details.map((line) => {
      const li = doc.createElement('li');
      li.textContent = line;
      return li;
    }),
  );
  if (report.tone !== 'busy' && report.tone !== 'idle')
    status.scrollIntoView?.({ block: 'nearest' });
}

export function showOddsButton(doc: Document, shown: boolean): void {
  byId(doc, 'odds').hidden = !shown;
}
