// CSV cells for spreadsheets: quoted when needed, and formula injection defused (OWASP "CSV Injection").

/** Excel and LibreOffice treat a cell starting with one of these as a formula (a tab or CR hides one too). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** UTF-8 byte order mark: Excel then reads ₹ and Devanagari as UTF-8, not as the ANSI code page. */
export const UTF8_BOM = '\uFEFF';

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(cells: readonly (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
