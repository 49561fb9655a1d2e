/**
 * The shapes every benchmark section shares. A section is a named function that returns rows;
 * run.ts prints them as a table and writes them to bench/results.json.
 */
import type { BenchStack } from './stack.ts';

export type Cell = string | number | null;
export type Row = Record<string, Cell>;

export interface Column {
  key: string;
  label: string;
  /** Numbers are right-aligned and printed with this many decimals (default 0). */
  digits?: number;
}

export interface SectionResult {
  columns: Column[];
  rows: Row[];
  /** Printed under the table and kept in results.json. */
  notes?: string[];
  /** Failures that do not stop the section but make the run exit 1 (a handler that will not load). */
  problems?: string[];
  /** Extra detail for results.json only (per-run samples, breakdowns). */
  data?: unknown;
}

export interface Section {
  /** Used by --only / --skip. */
  name: string;
  title: string;
  description: string;
  run(ctx: BenchContext): Promise<SectionResult>;
}

export interface BenchContext {
  /** Repository root. */
  root: string;
  /** A fresh directory under this run's temporary directory (removed at exit). */
  tmpDir(name: string): Promise<string>;
  /**
   * The local stack (moto, or AWS_ENDPOINT_URL, plus the API server), started on first use and
   * shared by every section of the run; stopped at exit.
   */
  stack(): Promise<BenchStack>;
  /** One progress line on stderr (the tables go to stdout). */
  progress(message: string): void;
}
