/*
 * CSV as a spreadsheet reads it (RFC 4180): comma-separated, CRLF line ends, a value holding a comma, a
 * quote or a line break in double quotes with its quotes doubled.
 */

/** A plain decimal number, as the report writes amounts: "1219.56", "-100.00". Left as it is. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/

/**
 * Characters that make a spreadsheet read a cell as a formula (OWASP's "CSV injection"): `=`, `+`, `-`,
 * `@`, and the tab and carriage return some spreadsheets skip before them.
 */
const FORMULA_START = /^[=+\-@\t\r]/

/**
 * One value as a CSV cell. Text that a spreadsheet would run as a formula gets a leading `'` (shown as text,
 * the formula never runs); a plain number such as a negative amount is not text and is left as it is. Null
 * is an empty cell.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return ""
  let text = String(value)
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** A whole CSV document: the header row, then each row, every line ended by CRLF. */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number | null | undefined)[])[]
): string {
  return [header, ...rows].map((row) => `${row.map(csvCell).join(",")}\r\n`).join("")
}
