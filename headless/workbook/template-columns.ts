/** A column of a template sheet: its header, width, the note on its header and its drop-down list. */
export interface TemplateColumn {
  header: string;
  width: number;
  note: string;
  /** The words of a drop-down list. */
  list?: string[];
}
