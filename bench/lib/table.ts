import type { Cell, Column, Row } from './types.ts';

function format(value: Cell | undefined, column: Column): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'number') return Number.isFinite(value) ? value.toFixed(column.digits ?? 0) : '—';
  return value;
}

/**
 * A plain-text table: numbers right-aligned, text left-aligned, one header rule. Columns with
 * nothing but empty strings are left out (e.g. a min–max column when every count was the same).
 */
export function renderTable(allColumns: readonly Column[], rows: readonly Row[]): string {
  const columns = allColumns.filter((c) => rows.length === 0 || rows.some((r) => r[c.key] !== ''));
  const cells = rows.map((r) => columns.map((c) => format(r[c.key], c)));
  const numeric = columns.map((c) => rows.some((r) => typeof r[c.key] === 'number'));
  const widths = columns.map((c, i) => Math.max(c.label.length, ...cells.map((row) => row[i]!.length)));
  const line = (values: string[]) =>
    values.map((v, i) => (numeric[i] ? v.padStart(widths[i]!) : v.padEnd(widths[i]!))).join('  ').trimEnd();
  return [
    line(columns.map((c) => c.label)),
    line(widths.map((w) => '-'.repeat(w))),
    ...cells.map(line),
  ].join('\n');
}
