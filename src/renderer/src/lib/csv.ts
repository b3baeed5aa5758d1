import { t } from '../i18n/i18n.svelte';
import type { FoundRow } from './search';

/** One RFC 4180 field: quoted when it holds a comma, a quote or a line break; quotes doubled. */
function field(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The rows on screen as CSV (RFC 4180: CRLF line ends), with a byte-order mark
 * so spreadsheet apps read it as UTF-8. Ids are written as text (="…" would be
 * a formula); a spreadsheet that turns long digit strings into numbers is told
 * otherwise by the header's `(text)` note. Headers and the "read from" column
 * are in the clerk's language; statuses are the service's own codes.
 */
export function rowsToCsv(rows: readonly FoundRow[], savedLabel: (savedAt: number) => string): string {
  const header = [t('csv.id'), t('csv.name'), t('csv.categoryId'), t('csv.status'), t('csv.readFrom')];
  const lines = rows.map(({ pet, savedAt }) =>
    [
      pet.id,
      pet.name,
      pet.categoryId,
      pet.status ?? '',
      savedAt === undefined ? t('csv.shownList') : savedLabel(savedAt),
    ]
      .map(field)
      .join(','),
  );
  return `\uFEFF${[header.join(','), ...lines].join('\r\n')}\r\n`;
}

/** A file name that says what and when: petstore-demo-2026-11-23-0731.csv */
export function exportFileName(environmentId: string, at: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  const day = `${String(at.getFullYear())}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
  return `petstore-${environmentId}-${day}-${pad(at.getHours())}${pad(at.getMinutes())}.csv`;
}
