/** One CSV cell: quoted when it holds a comma, a quote or a line break; formulas neutralised. */
function cell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  // a spreadsheet would run a cell starting with = + - @ as a formula (CSV injection): not a number
  if (/^[=+\-@]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: string[], rows: unknown[][]): string {
  return [header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n');
}

/** Saves a CSV file from the browser. */
export function downloadCsv(name: string, header: string[], rows: unknown[][]): void {
  const blob = new Blob([toCsv(header, rows)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
