/** The dashboard's filters as the address keeps them (ADR 0049): null is "all" or "open". */
export interface ReportFilters {
  university: number | null;
  /** YYYY-MM-DD, a day of Spain, included. */
  from: string | null;
  /** YYYY-MM-DD, a day of Spain, included. */
  to: string | null;
}

/** The numbers a chart shows, as its table and its CSV show them: one row per bar or point. */
export interface ReportTable {
  /** Column headings; the first names what each row is about. */
  columns: string[];
  rows: ReportRow[];
}

export interface ReportRow {
  /** What the row is about, as people read it ("Grado en Enfermería", "ODS 4: …"). */
  label: string;
  /** One number per column after the first. */
  values: number[];
  /** A colour of its own (the ODS' official one), when the row has one. */
  color?: string;
}
