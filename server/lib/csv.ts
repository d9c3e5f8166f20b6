import { Readable, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';

/** A cell a spreadsheet would read as a formula (or that hides one behind a tab or CR). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell made safe for a spreadsheet: one that begins with = + - @ tab or CR gets a
 * leading single quote, so '=HYPERLINK(...)' typed into a vendor name shows as text and never
 * runs. Numbers are written as they are (a negative number is a number, not a formula).
 */
export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

export type CsvCell = string | number | null | undefined;

/**
 * THE way this product writes CSV: a stream of UTF-8 with a byte order mark (so spreadsheets
 * pick the right encoding), RFC 4180 quoting, CRLF line ends, a header row, and every text
 * cell neutralised (see `neutraliseCell`). Rows may come from an array or an async source.
 */
export function csvStream(
  columns: readonly string[],
  rows: Iterable<readonly CsvCell[]> | AsyncIterable<readonly CsvCell[]>,
): Readable {
  const stringifier = stringify({
    bom: true,
    header: true,
    columns: columns.map((header, index) => ({ key: String(index), header })),
    record_delimiter: 'windows',
    cast: { string: neutraliseCell },
  });
  const source = Readable.from(
    (async function* () {
      for await (const row of rows) yield Object.fromEntries(row.map((c, i) => [String(i), c]));
    })(),
  );
  // pipeline (not pipe): a failing source destroys the output, so a download never ends as if
  // complete; the error itself reaches whoever reads the output.
  return pipeline(source, stringifier, () => undefined);
}

/** Answers a CSV download (`filename` as the browser saves it). */
export function sendCsv(
  reply: FastifyReply,
  filename: string,
  columns: readonly string[],
  rows: Iterable<readonly CsvCell[]> | AsyncIterable<readonly CsvCell[]>,
) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename.replace(/["\\\r\n]/g, '_')}"`)
    .header('cache-control', 'no-store')
    .send(csvStream(columns, rows));
}
