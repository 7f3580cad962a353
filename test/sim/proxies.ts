import {
  Box,
  columnName,
  SimTable,
  boxAddress,
  intersect,
  MAX_COLS,
  MAX_ROWS,
  parseA1,
  SimSheet,
  SimVisibility,
  SimWorkbook,
} from './model';

/**
 * Office.js's proxy objects over a SimWorkbook, with its batch semantics: methods and property
 * writes are queued and run at `context.sync()`, in order; a property can be read only after a
 * `load` of it and a sync (else it throws, as Office.js does); an error stops the batch where
 * it happened (what ran before stays done, as in Excel) and rejects the sync; loads are
 * delivered only by a batch that succeeds. Each sync is counted on the workbook.
 */

export class SimError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'RichApi.Error';
  }
}

const notLoaded = (name: string) =>
  new SimError(
    'PropertyNotLoaded',
    `The property '${name}' is not available. Before reading the property's value, call the load method on the containing object and call "context.sync()" on the associated request context.`,
  );

/** The most characters a cell holds. */
export const MAX_CELL_TEXT = 32_767;
/** The most characters of a page header (or footer): its three sections with their codes. */
export const MAX_HEADER_FOOTER = 255;

/** Largest number of cells one load of `values` may fetch (Excel limits a response's size). */
export const MAX_CELLS_PER_LOAD = 500_000;

/** Most merged areas `getMergedAreasOrNullObject` lists; past it, the sync fails. */
export const MAX_MERGED_AREAS = 512;

type Delivery = () => void;

export class SimContext {
  private queue: (() => Delivery | void)[] = [];
  readonly workbook: WorkbookProxy;

  constructor(readonly model: SimWorkbook) {
    this.workbook = new WorkbookProxy(this);
  }

  get pending(): boolean {
    return this.queue.length > 0;
  }

  /** Queues an operation; what it returns is run only if the whole batch succeeds. */
  enqueue(op: () => Delivery | void, name = 'operation'): void {
    this.queue.push(() => {
      if (this.model.failOn?.(name)) throw new SimError('GeneralException', `${name} failed`);
      return op();
    });
  }

  requireApi(version: string, what: string): void {
    if (!this.model.apiAtLeast(version)) {
      throw new SimError(
        'ApiNotFound',
        `${what} needs ExcelApi ${version}; this host has ${this.model.apiVersion}`,
      );
    }
  }

  async sync(): Promise<void> {
    const latency = this.model.syncLatencyMs;
    await (latency > 0 ? new Promise((done) => setTimeout(done, latency)) : Promise.resolve());
    this.model.syncCount++;
    const ops = this.queue;
    this.queue = [];
    const deliveries: Delivery[] = [];
    for (const op of ops) {
      const d = op();
      if (typeof d === 'function') deliveries.push(d);
    }
    for (const d of deliveries) d();
  }
}

/** The shared part of every proxy: loading, reading loaded values, null objects. */
abstract class ClientObject<T> {
  private readonly loaded = new Map<string, unknown>();
  private nullState: boolean | undefined;

  constructor(
    protected readonly ctx: SimContext,
    protected readonly orNull = false,
  ) {
    if (orNull) {
      ctx.enqueue(() => {
        const isNull = this.resolve() === null;
        return () => (this.nullState = isNull);
      });
    }
  }

  /** The model object, at sync time; throws (or, for *OrNullObject, gives null) if missing. */
  abstract resolve(): T | null;
  protected abstract read(target: T, property: string): unknown;

  protected must(): T {
    const t = this.resolve();
    if (t === null) throw new SimError('InvalidOperation', 'The object is a null object.');
    return t;
  }

  get isNullObject(): boolean {
    if (!this.orNull) return false;
    if (this.nullState === undefined) throw notLoaded('isNullObject');
    return this.nullState;
  }

  load(spec?: string | string[] | { select?: string }): this {
    const names = parseLoad(spec);
    this.ctx.enqueue(() => {
      const target = this.resolve();
      if (target === null) return;
      const values = names.map((n) => [n, this.read(target, n)] as const);
      return () => values.forEach(([n, v]) => this.loaded.set(n, v));
    }, 'load');
    return this;
  }

  /** A collection's load of this item: read now, delivered with the batch. */
  deliverLoad(names: string[]): () => void {
    const target = this.must();
    const values = names.map((n) => [n, this.read(target, n)] as const);
    return () => values.forEach(([n, v]) => this.loaded.set(n, v));
  }

  protected get<V>(name: string): V {
    if (this.orNull && this.nullState === true) {
      throw new SimError('InvalidOperation', `'${name}' of a null object`);
    }
    if (!this.loaded.has(name)) throw notLoaded(name);
    return this.loaded.get(name) as V;
  }

  protected set(name: string, apply: (target: T) => void): void {
    this.ctx.enqueue(() => apply(this.must()), `set ${name}`);
  }

  /** Queues a method call on the object. */
  protected call(name: string, apply: (target: T) => void): void {
    this.ctx.enqueue(() => apply(this.must()), name);
  }
}

function parseLoad(spec?: string | string[] | { select?: string }): string[] {
  const text = Array.isArray(spec)
    ? spec.join(',')
    : typeof spec === 'object'
      ? (spec.select ?? '')
      : (spec ?? '');
  return text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

class WorkbookProxy {
  readonly worksheets: WorksheetCollectionProxy;
  readonly names: NamedItemCollectionProxy;
  readonly tables: TableCollectionProxy;
  readonly functions: FunctionsProxy;

  constructor(private readonly ctx: SimContext) {
    this.functions = new FunctionsProxy(ctx);
    this.worksheets = new WorksheetCollectionProxy(ctx);
    this.names = new NamedItemCollectionProxy(ctx);
    this.tables = new TableCollectionProxy(ctx);
  }

  getSelectedRange(): RangeProxy {
    const model = this.ctx.model;
    return new RangeProxy(this.ctx, () => {
      const sel = model.selection;
      const sheet = sel && model.sheet(sel.sheet);
      if (!sel || !sheet) throw new SimError('ItemNotFound', 'There is no selection.');
      return { sheet, box: sel.box };
    });
  }
}

/** Excel's worksheet functions, of which the pane calls `DATE`. */
class FunctionsProxy {
  constructor(private readonly ctx: SimContext) {}

  date(year: number, month: number, day: number): FunctionResultProxy {
    return new FunctionResultProxy(this.ctx, () => {
      const serial = this.ctx.model.dateSerial(year, month, day);
      return serial === null ? { value: null, error: '#NUM!' } : { value: serial, error: null };
    });
  }
}

interface FunctionAnswer {
  value: number | null;
  error: string | null;
}

/** A function's result: `value`, or `error` (`#NUM!` and the like) where it fails. */
class FunctionResultProxy extends ClientObject<FunctionAnswer> {
  constructor(
    ctx: SimContext,
    private readonly answer: () => FunctionAnswer,
  ) {
    super(ctx);
  }

  resolve(): FunctionAnswer {
    return this.answer();
  }

  protected read(target: FunctionAnswer, property: string): unknown {
    if (property === 'value' || property === 'error') return target[property];
    throw new SimError('PropertyNotFound', `FunctionResult has no property '${property}'.`);
  }

  get value(): number | null {
    return this.get('value');
  }
  get error(): string | null {
    return this.get('error');
  }
}

/** A collection whose `items` can be loaded: `load('items/name')`. */
abstract class Collection<Item> {
  private itemsLoaded: Item[] | undefined;

  constructor(protected readonly ctx: SimContext) {}

  protected abstract list(): Item[];
  protected abstract loadItem(item: Item, names: string[]): () => void;

  load(spec?: string | string[]): this {
    const names = parseLoad(spec).map((n) => n.replace(/^items\//, ''));
    this.ctx.enqueue(() => {
      const items = this.list();
      const deliveries = items.map((item) => this.loadItem(item, names));
      return () => {
        deliveries.forEach((d) => d());
        this.itemsLoaded = items;
      };
    }, 'load');
    return this;
  }

  get items(): Item[] {
    if (!this.itemsLoaded) throw notLoaded('items');
    return this.itemsLoaded;
  }
}

class WorksheetCollectionProxy extends Collection<WorksheetProxy> {
  protected list(): WorksheetProxy[] {
    return this.ctx.model.sheets.map((s) => new WorksheetProxy(this.ctx, () => s));
  }

  protected loadItem(item: WorksheetProxy, names: string[]): () => void {
    return item.deliverLoad(names);
  }

  add(name: string): WorksheetProxy {
    let created: SimSheet | null = null;
    this.ctx.enqueue(() => {
      checkSheetName(this.ctx.model, name);
      created = this.ctx.model.addSheet(name);
    }, 'add');
    return new WorksheetProxy(this.ctx, () => {
      if (!created) throw new SimError('InvalidOperation', 'The sheet was not added.');
      return created;
    });
  }

  getItem(name: string): WorksheetProxy {
    const proxy = new WorksheetProxy(this.ctx, () => {
      const sheet = this.ctx.model.sheet(name);
      if (!sheet) throw new SimError('ItemNotFound', `The requested resource doesn't exist.`);
      return sheet;
    });
    this.ctx.enqueue(() => void proxy.resolve(), 'getItem');
    return proxy;
  }

  getItemOrNullObject(name: string): WorksheetProxy {
    return new WorksheetProxy(this.ctx, () => this.ctx.model.sheet(name) ?? null, true);
  }

  getActiveWorksheet(): WorksheetProxy {
    return new WorksheetProxy(this.ctx, () => {
      const sheet = this.ctx.model.sheet(this.ctx.model.active);
      if (!sheet) throw new SimError('ItemNotFound', 'No active sheet.');
      return sheet;
    });
  }
}

/**
 * Excel's rules for a sheet name: 1 to 31 characters, none of `: \\ / ? * [ ]`, no apostrophe
 * first or last, not the reserved `History`, and not another sheet's name in any case.
 */
function checkSheetName(model: SimWorkbook, name: string, renaming?: SimSheet): void {
  if (
    name === '' ||
    name.length > 31 ||
    /[:\\/?*[\]]/.test(name) ||
    /^'|'$/.test(name) ||
    name.toLowerCase() === 'history'
  ) {
    throw new SimError('InvalidArgument', `"${name}" is not a valid sheet name.`);
  }
  const other = model.sheet(name);
  if (other && other !== renaming) {
    throw new SimError('ItemAlreadyExists', `A sheet named "${name}" already exists.`);
  }
}

class WorksheetProxy extends ClientObject<SimSheet> {
  constructor(
    ctx: SimContext,
    private readonly find: () => SimSheet | null,
    orNull = false,
  ) {
    super(ctx, orNull);
  }

  resolve(): SimSheet | null {
    return this.find();
  }

  protected read(sheet: SimSheet, property: string): unknown {
    switch (property) {
      case 'name':
        return sheet.name;
      case 'position':
        return this.ctx.model.sheets.indexOf(sheet);
      case 'visibility':
        return sheet.visibility;
      default:
        throw new SimError('PropertyNotFound', `Worksheet has no property '${property}'.`);
    }
  }

  get name(): string {
    return this.get('name');
  }

  /** Renames the sheet, with the rules of `worksheets.add`. */
  set name(name: string) {
    this.set('name', (sheet) => {
      checkSheetName(this.ctx.model, name, sheet);
      if (this.ctx.model.active === sheet.name) this.ctx.model.active = name;
      sheet.name = name;
    });
  }

  get position(): number {
    return this.get('position');
  }

  get visibility(): SimVisibility {
    return this.get('visibility');
  }

  /** Hides or shows the sheet; as in Excel, at least one sheet stays visible. */
  set visibility(visibility: SimVisibility) {
    this.set('visibility', (sheet) => {
      if (!['Visible', 'Hidden', 'VeryHidden'].includes(visibility)) {
        throw new SimError('InvalidArgument', `"${visibility}" is not a sheet visibility.`);
      }
      const model = this.ctx.model;
      const others = model.sheets.filter((s) => s !== sheet && s.visibility === 'Visible');
      if (visibility !== 'Visible' && others.length === 0) {
        throw new SimError('InvalidOperation', 'A workbook must keep at least one visible sheet.');
      }
      sheet.visibility = visibility;
      if (visibility !== 'Visible' && model.active === sheet.name) model.active = others[0].name;
    });
  }

  getRange(address?: string): RangeProxy {
    return new RangeProxy(this.ctx, () => {
      const sheet = this.must();
      const box =
        address === undefined
          ? { r0: 0, c0: 0, r1: MAX_ROWS - 1, c1: MAX_COLS - 1 }
          : parseA1(address);
      if (!box) throw new SimError('InvalidArgument', `"${address}" is not a valid address.`);
      return { sheet, box };
    });
  }

  getRangeByIndexes(row: number, col: number, rows: number, cols: number): RangeProxy {
    return new RangeProxy(this.ctx, () => {
      this.ctx.requireApi('1.7', 'getRangeByIndexes');
      if (rows < 1 || cols < 1 || row + rows > MAX_ROWS || col + cols > MAX_COLS) {
        throw new SimError('InvalidArgument', 'The range is outside the sheet.');
      }
      return {
        sheet: this.must(),
        box: { r0: row, c0: col, r1: row + rows - 1, c1: col + cols - 1 },
      };
    });
  }

  getUsedRange(valuesOnly = false): RangeProxy {
    return new RangeProxy(this.ctx, () => {
      const sheet = this.must();
      return { sheet, box: sheet.usedBox(valuesOnly) ?? { r0: 0, c0: 0, r1: 0, c1: 0 } };
    });
  }

  getUsedRangeOrNullObject(valuesOnly = false): RangeProxy {
    return new RangeProxy(
      this.ctx,
      () => {
        this.ctx.requireApi('1.4', 'getUsedRangeOrNullObject');
        const sheet = this.must();
        const box = sheet.usedBox(valuesOnly);
        return box ? { sheet, box } : null;
      },
      true,
    );
  }

  get freezePanes(): { freezeRows(count?: number): void } {
    return {
      freezeRows: (count = 1) =>
        this.call('freezeRows', (sheet) => {
          this.ctx.requireApi('1.7', 'freezePanes');
          sheet.frozenRows = count;
        }),
    };
  }

  private cachedPage?: PageLayoutProxy;

  get pageLayout(): PageLayoutProxy {
    return (this.cachedPage ??= new PageLayoutProxy(this.ctx, () => {
      this.ctx.requireApi('1.9', 'pageLayout');
      return this.must();
    }));
  }

  activate(): void {
    this.call('activate', (sheet) => (this.ctx.model.active = sheet.name));
  }

  delete(): void {
    this.call('delete', (sheet) => {
      const sheets = this.ctx.model.sheets;
      sheets.splice(sheets.indexOf(sheet), 1);
      if (this.ctx.model.active === sheet.name) this.ctx.model.active = sheets[0]?.name ?? '';
    });
  }
}

interface RangeTarget {
  sheet: SimSheet;
  box: Box;
}

class RangeProxy extends ClientObject<RangeTarget> {
  constructor(
    ctx: SimContext,
    private readonly find: () => RangeTarget | null,
    orNull = false,
  ) {
    super(ctx, orNull);
  }

  resolve(): RangeTarget | null {
    return this.find();
  }

  protected read({ sheet, box }: RangeTarget, property: string): unknown {
    const rows = box.r1 - box.r0 + 1;
    const cols = box.c1 - box.c0 + 1;
    const each = <V>(cell: (r: number, c: number) => V): V[][] => {
      if (rows * cols > MAX_CELLS_PER_LOAD) {
        throw new SimError(
          'ResponsePayloadSizeLimitExceeded',
          `${rows * cols} cells are too many to load at once.`,
        );
      }
      return Array.from({ length: rows }, (_, r) =>
        Array.from({ length: cols }, (_, c) => cell(box.r0 + r, box.c0 + c)),
      );
    };
    switch (property) {
      case 'values':
        return each((r, c) => sheet.value(r, c));
      case 'formulas':
        return each((r, c) => sheet.formulaOrValue(r, c));
      case 'numberFormat':
        return each((r, c) => sheet.numberFormat(r, c));
      case 'address':
        return boxAddress(sheet.name, box);
      case 'rowIndex':
        return box.r0;
      case 'columnIndex':
        return box.c0;
      case 'rowCount':
        return rows;
      case 'columnCount':
        return cols;
      default:
        throw new SimError(
          'PropertyNotFound',
          `Range has no property '${property}' in this simulation.`,
        );
    }
  }

  get values(): unknown[][] {
    return this.get('values');
  }

  set values(values: unknown[][]) {
    this.set('values', ({ sheet, box }) => {
      const rows = box.r1 - box.r0 + 1;
      const cols = box.c1 - box.c0 + 1;
      if (values.length !== rows || values.some((row) => row.length !== cols)) {
        throw new SimError(
          'InvalidArgument',
          "The number of rows or columns in the input array doesn't match the size or dimensions of the range.",
        );
      }
      const text = (v: unknown) => (typeof v === 'string' ? v.replace(/^'/, '') : '');
      if (values.some((row) => row.some((v) => text(v).length > MAX_CELL_TEXT))) {
        throw new SimError('InvalidArgument', `A cell holds at most ${MAX_CELL_TEXT} characters.`);
      }
      // Only a merged area's top-left cell holds a value; the simulation refuses one given to
      // a cell the area covers (blank is fine), rather than keep a value Excel would not show.
      values.forEach((row, r) =>
        row.forEach((v, c) => {
          if (v === null || v === undefined || v === '') return;
          if (sheet.coveredBy(box.r0 + r, box.c0 + c)) {
            throw new SimError(
              'InvalidOperation',
              `${columnName(box.c0 + c)}${box.r0 + r + 1} is covered by a merged cell.`,
            );
          }
        }),
      );
      values.forEach((row, r) => row.forEach((v, c) => sheet.assign(box.r0 + r, box.c0 + c, v)));
    });
  }

  get formulas(): unknown[][] {
    return this.get('formulas');
  }

  get numberFormat(): unknown[][] {
    return this.get('numberFormat');
  }

  /** One format code a cell, the range's size, as `values` are assigned. */
  set numberFormat(formats: unknown[][]) {
    this.set('numberFormat', ({ sheet, box }) => {
      const rows = box.r1 - box.r0 + 1;
      const cols = box.c1 - box.c0 + 1;
      if (formats.length !== rows || formats.some((row) => row.length !== cols)) {
        throw new SimError(
          'InvalidArgument',
          "The number of rows or columns in the input array doesn't match the size or dimensions of the range.",
        );
      }
      formats.forEach((row, r) =>
        row.forEach((f, c) => {
          if (f !== null) sheet.format(box.r0 + r, box.c0 + c).numberFormat = String(f);
        }),
      );
    });
  }

  get address(): string {
    return this.get('address');
  }
  get rowIndex(): number {
    return this.get('rowIndex');
  }
  get columnIndex(): number {
    return this.get('columnIndex');
  }
  get rowCount(): number {
    return this.get('rowCount');
  }
  get columnCount(): number {
    return this.get('columnCount');
  }

  // Navigation properties are cached, as in Office.js: `range.worksheet` is one object.
  private cachedSheet?: WorksheetProxy;
  private cachedFormat?: RangeFormatProxy;

  get worksheet(): WorksheetProxy {
    return (this.cachedSheet ??= new WorksheetProxy(this.ctx, () => this.must().sheet));
  }

  private derived(make: (t: RangeTarget) => RangeTarget | null, orNull = false): RangeProxy {
    return new RangeProxy(this.ctx, () => make(this.must()), orNull);
  }

  getIntersectionOrNullObject(other: RangeProxy): RangeProxy {
    return this.derived((t) => {
      this.ctx.requireApi('1.4', 'getIntersectionOrNullObject');
      const o = other.must();
      if (o.sheet !== t.sheet)
        throw new SimError('InvalidArgument', 'The ranges are on different sheets.');
      const box = intersect(t.box, o.box);
      return box ? { sheet: t.sheet, box } : null;
    }, true);
  }

  /** `range.getBoundingRect(other)`: the smallest range holding both, on one sheet. */
  getBoundingRect(other: RangeProxy): RangeProxy {
    return this.derived((t) => {
      const o = other.must();
      if (o.sheet !== t.sheet)
        throw new SimError('InvalidArgument', 'The ranges are on different sheets.');
      const a = t.box;
      const b = o.box;
      return {
        sheet: t.sheet,
        box: {
          r0: Math.min(a.r0, b.r0),
          r1: Math.max(a.r1, b.r1),
          c0: Math.min(a.c0, b.c0),
          c1: Math.max(a.c1, b.c1),
        },
      };
    });
  }

  /**
   * `range.getSpecialCellsOrNullObject('Visible')` (ExcelApi 1.9): the range's cells in rows
   * and columns not hidden, as the areas of the runs of visible rows by the runs of visible
   * columns; a null object when none is visible. Other kinds of special cells are not simulated.
   */
  getSpecialCellsOrNullObject(cellType: string): RangeAreasProxy {
    return new RangeAreasProxy(this.ctx, () => {
      const { sheet, box } = this.must();
      this.ctx.requireApi('1.9', 'getSpecialCellsOrNullObject');
      // Excel may fail it where nothing else fails (a response too large): a test can ask for it.
      if (this.ctx.model.failOn?.('getSpecialCells')) {
        throw new SimError('GeneralException', 'The response payload size has exceeded the limit.');
      }
      if (cellType !== 'Visible') {
        throw new SimError('InvalidArgument', `Special cells "${cellType}" are not simulated.`);
      }
      const runs = (from: number, to: number, hidden: ReadonlySet<number>) => {
        const out: [number, number][] = [];
        for (let i = from; i <= to; i++) {
          if (hidden.has(i)) continue;
          const last = out.at(-1);
          if (last && last[1] === i - 1) last[1] = i;
          else out.push([i, i]);
        }
        return out;
      };
      const rows = runs(box.r0, box.r1, sheet.hiddenRows);
      const cols = runs(box.c0, box.c1, sheet.hiddenColumns);
      const areas = rows.flatMap(([r0, r1]) => cols.map(([c0, c1]) => ({ r0, r1, c0, c1 })));
      return areas.length === 0 ? null : { sheet, areas };
    });
  }

  /**
   * `range.getMergedAreasOrNullObject()` (ExcelApi 1.13): the merged areas whose top-left cell
   * is in the range, whole, as Excel lists them (one that only covers part of the range from
   * above or left is not listed: office-js issue #3611); a null object when there are none.
   * More than 512 fail the sync, as Excel documents it ("will fail to return the result").
   */
  getMergedAreasOrNullObject(): RangeAreasProxy {
    return new RangeAreasProxy(this.ctx, () => {
      const { sheet, box } = this.must();
      this.ctx.requireApi('1.13', 'getMergedAreasOrNullObject');
      const areas = sheet.merges.filter(
        (m) => box.r0 <= m.r0 && m.r0 <= box.r1 && box.c0 <= m.c0 && m.c0 <= box.c1,
      );
      if (areas.length > MAX_MERGED_AREAS) {
        throw new SimError(
          'GeneralException',
          `${areas.length} merged areas are more than getMergedAreasOrNullObject lists.`,
        );
      }
      return areas.length === 0 ? null : { sheet, areas: areas.map((m) => ({ ...m })) };
    });
  }

  getRow(row: number): RangeProxy {
    return this.derived(({ sheet, box }) => {
      if (row < 0 || box.r0 + row > box.r1) throw new SimError('InvalidArgument', 'No such row.');
      return { sheet, box: { ...box, r0: box.r0 + row, r1: box.r0 + row } };
    });
  }

  getCell(row: number, col: number): RangeProxy {
    return this.derived(({ sheet, box }) => ({
      sheet,
      box: { r0: box.r0 + row, r1: box.r0 + row, c0: box.c0 + col, c1: box.c0 + col },
    }));
  }

  getEntireColumn(): RangeProxy {
    return this.derived(({ sheet, box }) => ({ sheet, box: { ...box, r0: 0, r1: MAX_ROWS - 1 } }));
  }

  get format(): RangeFormatProxy {
    return (this.cachedFormat ??= new RangeFormatProxy(this.ctx, () => this.must()));
  }

  /** `range.merge(across)`: the whole range into one cell, or (`across`) each of its rows. */
  merge(across = false): void {
    this.call('merge', ({ sheet, box }) => {
      const boxes = across
        ? Array.from({ length: box.r1 - box.r0 + 1 }, (_, i) => ({
            ...box,
            r0: box.r0 + i,
            r1: box.r0 + i,
          }))
        : [box];
      for (const b of boxes) {
        const refused = sheet.merge(b);
        if (refused !== null) throw new SimError('InvalidOperation', `Cannot merge: ${refused}.`);
      }
    });
  }
}

interface RangeAreasTarget {
  sheet: SimSheet;
  areas: Box[];
}

/**
 * `Excel.RangeAreas`, as `getMergedAreasOrNullObject` gives it: `address`, `areaCount`,
 * `cellCount`, and `areas`, a collection of ranges, loaded through the RangeAreas
 * (`load('areas/items/rowIndex')`) or on its own (`areas.load('items/rowIndex')`). Its areas
 * are resolved with the RangeAreas, at the sync of the batch that asked for it.
 */
class RangeAreasProxy extends ClientObject<RangeAreasTarget> {
  private target: RangeAreasTarget | null | undefined;
  readonly areas: RangeCollectionProxy;

  constructor(
    ctx: SimContext,
    private readonly find: () => RangeAreasTarget | null,
  ) {
    super(ctx, true);
    this.areas = new RangeCollectionProxy(ctx, () => {
      const t = this.resolve();
      return t && t.areas.map((box) => ({ sheet: t.sheet, box }));
    });
  }

  resolve(): RangeAreasTarget | null {
    if (this.target === undefined) this.target = this.find();
    return this.target;
  }

  protected read({ sheet, areas }: RangeAreasTarget, property: string): unknown {
    switch (property) {
      case 'address':
        return areas.map((box) => boxAddress(sheet.name, box)).join(', ');
      case 'areaCount':
        return areas.length;
      case 'cellCount':
        return areas.reduce((n, b) => n + (b.r1 - b.r0 + 1) * (b.c1 - b.c0 + 1), 0);
      default:
        throw new SimError(
          'PropertyNotFound',
          `RangeAreas has no property '${property}' in this simulation.`,
        );
    }
  }

  override load(spec?: string | string[] | { select?: string }): this {
    const names = parseLoad(spec);
    const own = names.filter((n) => !n.startsWith('areas/'));
    const areas = names.filter((n) => n.startsWith('areas/')).map((n) => n.slice(6));
    if (own.length > 0 || areas.length === 0) super.load(own);
    if (areas.length > 0) this.areas.load(areas);
    return this;
  }

  get address(): string {
    return this.get('address');
  }
  get areaCount(): number {
    return this.get('areaCount');
  }
  get cellCount(): number {
    return this.get('cellCount');
  }
}

/**
 * `Excel.RangeCollection`: `load('items/rowIndex,...')`, then `items`. A null object's
 * collection loads nothing: its `items` cannot be read.
 */
class RangeCollectionProxy {
  private itemsLoaded: RangeProxy[] | undefined;

  constructor(
    private readonly ctx: SimContext,
    private readonly targets: () => RangeTarget[] | null,
  ) {}

  load(spec?: string | string[]): this {
    const names = parseLoad(spec).map((n) => n.replace(/^items\//, ''));
    this.ctx.enqueue(() => {
      const targets = this.targets();
      if (targets === null) return;
      const items = targets.map((t) => new RangeProxy(this.ctx, () => t));
      const deliveries = items.map((item) => item.deliverLoad(names));
      return () => {
        deliveries.forEach((d) => d());
        this.itemsLoaded = items;
      };
    }, 'load');
    return this;
  }

  get items(): RangeProxy[] {
    if (!this.itemsLoaded) throw notLoaded('items');
    return this.itemsLoaded;
  }
}

/** `Excel.VerticalAlignment`: the values Excel accepts (it rejects any other at the sync). */
const VERTICAL_ALIGNMENTS = ['Top', 'Center', 'Bottom', 'Justify', 'Distributed'];

/** Formats: each assignment is queued and applied to every cell (or column) of the range. */
class RangeFormatProxy {
  constructor(
    private readonly ctx: SimContext,
    private readonly target: () => RangeTarget,
  ) {}

  private each(name: string, apply: (f: ReturnType<SimSheet['format']>) => void): void {
    this.ctx.enqueue(() => {
      const { sheet, box } = this.target();
      if ((box.r1 - box.r0 + 1) * (box.c1 - box.c0 + 1) > 100_000) {
        throw new SimError(
          'InvalidArgument',
          `${name}: the simulation formats at most 100000 cells`,
        );
      }
      for (let r = box.r0; r <= box.r1; r++) {
        for (let c = box.c0; c <= box.c1; c++) apply(sheet.format(r, c));
      }
    }, `format ${name}`);
  }

  autofitRows(): void {
    this.ctx.enqueue(() => {
      const { sheet, box } = this.target();
      for (let r = box.r0; r <= box.r1; r++) sheet.autofitRows.add(r);
    }, 'format autofitRows');
  }

  /** Every row of the range made `points` tall (0 to 409, as Excel allows). */
  set rowHeight(points: number) {
    this.ctx.enqueue(() => {
      const { sheet, box } = this.target();
      if (!(points >= 0 && points <= 409)) {
        throw new SimError('InvalidArgument', `A row height is 0 to 409 points, not ${points}.`);
      }
      for (let r = box.r0; r <= box.r1; r++) sheet.rowHeights.set(r, points);
    }, 'format rowHeight');
  }

  set columnWidth(points: number) {
    this.ctx.enqueue(() => {
      const { sheet, box } = this.target();
      for (let c = box.c0; c <= box.c1; c++) sheet.columnWidths.set(c, points);
    }, 'format columnWidth');
  }

  set horizontalAlignment(value: string) {
    this.each('horizontalAlignment', (f) => (f.horizontalAlignment = value));
  }

  set verticalAlignment(value: string) {
    this.each('verticalAlignment', (f) => {
      if (!VERTICAL_ALIGNMENTS.includes(value)) {
        throw new SimError('InvalidArgument', `"${value}" is not an Excel.VerticalAlignment.`);
      }
      f.verticalAlignment = value;
    });
  }

  set wrapText(value: boolean) {
    this.each('wrapText', (f) => (f.wrapText = value));
  }

  get font() {
    const each = this.each.bind(this);
    return {
      set bold(v: boolean) {
        each('font.bold', (f) => (f.bold = v));
      },
      set italic(v: boolean) {
        each('font.italic', (f) => (f.italic = v));
      },
      set color(v: string) {
        each('font.color', (f) => (f.fontColor = v));
      },
      set size(v: number) {
        each('font.size', (f) => (f.fontSize = v));
      },
      set name(v: string) {
        each('font.name', (f) => (f.fontName = v));
      },
    };
  }

  get fill() {
    const each = this.each.bind(this);
    return {
      set color(v: string) {
        each('fill.color', (f) => (f.fill = v));
      },
    };
  }
}

class PageLayoutProxy {
  constructor(
    private readonly ctx: SimContext,
    private readonly target: () => SimSheet,
  ) {}

  private apply(name: string, change: (sheet: SimSheet) => void): void {
    this.ctx.enqueue(() => change(this.target()), `pageLayout ${name}`);
  }

  set orientation(value: string) {
    this.apply('orientation', (s) => (s.page.orientation = value));
  }

  set zoom(value: { horizontalFitToPages?: number; verticalFitToPages?: number; scale?: number }) {
    this.apply('zoom', (s) => (s.page.zoom = { ...value }));
  }

  setPrintTitleRows(rows: string): void {
    this.apply('setPrintTitleRows', (s) => {
      if (!/^\$?\d+:\$?\d+$/.test(rows))
        throw new SimError('InvalidArgument', `"${rows}" is not a row range.`);
      s.page.printTitleRows = rows;
    });
  }

  get headersFooters() {
    const apply = this.apply.bind(this);
    const field = (key: string) => ({
      set: (v: string) =>
        apply(`headersFooters ${key}`, (s) => {
          const all = { ...s.page.headerFooter, [key]: v };
          const part = key.endsWith('Header') ? 'Header' : 'Footer';
          // Excel keeps one string per header (`&L...&C...&R...`): 255 characters at most.
          const length = ['left', 'center', 'right']
            .map((side) => all[`${side}${part}`] ?? '')
            .reduce((n, text) => n + (text === '' ? 0 : text.length + 2), 0);
          if (length > MAX_HEADER_FOOTER) {
            throw new SimError('InvalidArgument', `The page ${part.toLowerCase()} is too long.`);
          }
          s.page.headerFooter[key] = v;
        }),
    });
    const page: Record<string, unknown> = {};
    for (const key of [
      'leftHeader',
      'centerHeader',
      'rightHeader',
      'leftFooter',
      'centerFooter',
      'rightFooter',
    ]) {
      Object.defineProperty(page, key, { set: field(key).set, enumerable: true });
    }
    return { defaultForAllPages: page };
  }
}

class NamedItemCollectionProxy extends Collection<NamedItemProxy> {
  protected list(): NamedItemProxy[] {
    return this.ctx.model.names.map((n) => new NamedItemProxy(this.ctx, () => n));
  }

  protected loadItem(item: NamedItemProxy, names: string[]): () => void {
    return item.deliverLoad(names);
  }

  private find(name: string) {
    return this.ctx.model.names.find((n) => n.name.toLowerCase() === name.toLowerCase()) ?? null;
  }

  getItem(name: string): NamedItemProxy {
    const proxy = new NamedItemProxy(this.ctx, () => {
      const found = this.find(name);
      if (!found) throw new SimError('ItemNotFound', `The requested resource doesn't exist.`);
      return found;
    });
    this.ctx.enqueue(() => void proxy.resolve(), 'getItem');
    return proxy;
  }

  getItemOrNullObject(name: string): NamedItemProxy {
    return new NamedItemProxy(this.ctx, () => this.find(name), true);
  }
}

type NameTarget = SimWorkbook['names'][number];

class NamedItemProxy extends ClientObject<NameTarget> {
  constructor(
    ctx: SimContext,
    private readonly find: () => NameTarget | null,
    orNull = false,
  ) {
    super(ctx, orNull);
  }

  resolve(): NameTarget | null {
    return this.find();
  }

  protected read(target: NameTarget, property: string): unknown {
    switch (property) {
      case 'name':
        return target.name;
      case 'type':
        return 'box' in target ? 'Range' : 'String';
      case 'value':
        return 'box' in target ? boxAddress(target.sheet, target.box) : target.value;
      default:
        throw new SimError('PropertyNotFound', `NamedItem has no property '${property}'.`);
    }
  }

  get name(): string {
    return this.get('name');
  }
  get type(): string {
    return this.get('type');
  }

  getRange(): RangeProxy {
    return new RangeProxy(this.ctx, () => {
      const target = this.must();
      if (!('box' in target))
        throw new SimError('InvalidOperation', 'The name does not refer to a range.');
      const sheet = this.ctx.model.sheet(target.sheet);
      if (!sheet) throw new SimError('ItemNotFound', 'The sheet of the name is gone.');
      return { sheet, box: target.box };
    });
  }
}

class TableCollectionProxy extends Collection<TableProxy> {
  protected list(): TableProxy[] {
    return this.ctx.model.tables.map((t) => new TableProxy(this.ctx, () => t));
  }

  protected loadItem(item: TableProxy, names: string[]): () => void {
    return item.deliverLoad(names);
  }

  getItem(name: string): TableProxy {
    const proxy = new TableProxy(this.ctx, () => {
      const found = this.ctx.model.tables.find((t) => t.name.toLowerCase() === name.toLowerCase());
      if (!found) throw new SimError('ItemNotFound', `The requested resource doesn't exist.`);
      return found;
    });
    this.ctx.enqueue(() => void proxy.resolve(), 'getItem');
    return proxy;
  }
}

class TableProxy extends ClientObject<SimTable> {
  constructor(
    ctx: SimContext,
    private readonly find: () => SimTable | null,
  ) {
    super(ctx);
  }

  resolve(): SimTable | null {
    return this.find();
  }

  protected read(table: SimTable, property: string): unknown {
    switch (property) {
      case 'name':
        return table.name;
      case 'showTotals':
        return table.showTotals;
      default:
        throw new SimError(
          'PropertyNotFound',
          `Table has no property '${property}' in this simulation.`,
        );
    }
  }

  get name(): string {
    return this.get('name');
  }
  get showTotals(): boolean {
    return this.get('showTotals');
  }

  /** The whole table: header, body and totals row. */
  getRange(): RangeProxy {
    return new RangeProxy(this.ctx, () => {
      const table = this.must();
      const sheet = this.ctx.model.sheet(table.sheet);
      if (!sheet) throw new SimError('ItemNotFound', 'The sheet of the table is gone.');
      return { sheet, box: table.box };
    });
  }
}
