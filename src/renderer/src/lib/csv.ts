import type { ListScope } from './list-csv';

/**
 * Cells a spreadsheet could run as a formula (OWASP, "CSV Injection"): ones
 * starting with `=`, `+`, `-`, `@`, a tab or a carriage return, also after
 * leading white space (some spreadsheets skip it). A cell starting with `'`
 * is prefixed too, so the rule can be undone exactly: drop one leading `'`.
 * A plain number, negative or decimal included (`-5`, `-0.25`), is not: a
 * spreadsheet reads it as a number, never as a formula.
 */
const NEEDS_PREFIX = /^(?!-?\d+(\.\d+)?$)(?:\s*[=+\-@]|[\t\r'])/;

/**
 * One CSV cell, the one rule for every CSV the app writes. A cell that could
 * be read as a formula gets a leading `'` (the spreadsheet shows it as text;
 * a reader gets the value back by removing one leading `'`); a plain number is
 * left alone. Then RFC 4180 quoting: a cell holding a comma, semicolon (the
 * separator of some locales), quote or line break is quoted, quotes doubled.
 */
export function csvCell(value: string): string {
  const safe = NEEDS_PREFIX.test(value) ? `'${value}` : value;
  return /[",;\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * The separator a spreadsheet in this language splits a CSV on: `;` where the decimal mark is a comma (German,
 * French and Spanish Excel open a comma-separated file as one column), else `,`.
 */
export function csvSeparator(languageTag: string): ',' | ';' {
  return (0.5).toLocaleString(languageTag).includes(',') ? ';' : ',';
}

/** A whole CSV file: a byte-order mark (spreadsheets then read UTF-8), cells by `csvCell`, CRLF line ends. */
export function csvFile(rows: readonly (readonly string[])[], separator: ',' | ';'): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(separator)).join('\r\n')}\r\n`;
}

/**
 * A file name that says where, what and when: petstore-demo-view-2026-11-23-0731.csv, or …-whole-shop-…; the two
 * exported in one minute were one name, the second offered to replace the first.
 */
export function exportFileName(environmentId: string, scope: ListScope, at: Date): string {
  // The clerk's wall-clock time written the ISO way: "2026-11-23T07:05…".
  const local = new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString();
  const what = scope === 'view' ? 'view' : 'whole-shop';
  return `petstore-${environmentId}-${what}-${local.slice(0, 10)}-${local.slice(11, 13)}${local.slice(14, 16)}.csv`;
}
