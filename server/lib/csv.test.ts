import { buffer } from 'node:stream/consumers';
import { parse } from 'csv-parse/sync';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../plugins/error-handler';
import { csvStream, neutraliseCell, sendCsv, type CsvCell } from './csv';
import { notFound } from './errors';

/** The bytes as UTF-8 text, the byte order mark kept (TextDecoder would drop it). */
const read = async (
  columns: string[],
  rows: Iterable<(string | number | null)[]> | AsyncIterable<string[]>,
) => (await buffer(csvStream(columns, rows))).toString('utf8');

describe('csvStream', () => {
  it('writes UTF-8 with a byte order mark, a header row and CRLF line ends', async () => {
    const out = await read(['Name', 'Qty'], [['Milk', 2]]);
    expect(out).toBe('\uFEFFName,Qty\r\nMilk,2\r\n');
  });

  it('quotes commas, quotes and line breaks so a real parser reads the cells back unchanged', async () => {
    const cells = ['a,b', 'say "hi"', 'two\nlines', 'Café ₹ पनीर', ''];
    const out = await read(['A', 'B', 'C', 'D', 'E'], [cells]);
    const [header, row] = parse(out, { bom: true }) as string[][];
    expect(header).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(row).toEqual(cells);
  });

  it('neutralises every text cell that a spreadsheet would run as a formula', async () => {
    const evil = ['=HYPERLINK("http://x","y")', '+1', '-2', '@SUM(A1)', '\tTab', '\rCR'];
    const out = await read(
      evil.map((_, i) => `C${i}`),
      [evil],
    );
    const [, row] = parse(out, { bom: true }) as string[][];
    expect(row).toEqual(evil.map((cell) => `'${cell}`));
  });

  it('leaves numbers and harmless text alone and writes empty cells for null', async () => {
    const out = await read(['A', 'B', 'C'], [[-5, 'Paneer = good', null]]);
    const [, row] = parse(out, { bom: true }) as string[][];
    expect(row).toEqual(['-5', 'Paneer = good', '']);
  });

  it('streams rows from an async source', async () => {
    async function* rows() {
      for (let i = 0; i < 3; i++) yield [`r${i}`];
    }
    const out = await read(['R'], rows());
    expect(parse(out, { bom: true })).toEqual([['R'], ['r0'], ['r1'], ['r2']]);
  });
});

describe('neutraliseCell', () => {
  it('prefixes a single quote only to cells starting with = + - @ tab or CR', () => {
    expect(neutraliseCell('=1+1')).toBe("'=1+1");
    expect(neutraliseCell('Tomato')).toBe('Tomato');
    expect(neutraliseCell(' =1')).toBe(' =1');
  });
});

describe('sendCsv when its rows fail before the first one', () => {
  const app = Fastify({ logger: false });
  const download =
    (rows: () => AsyncIterable<CsvCell[]>) =>
    (_request: unknown, reply: Parameters<typeof sendCsv>[0]) =>
      sendCsv(reply, 'report.csv', ['A'], rows());
  beforeAll(async () => {
    registerErrorHandler(app);
    app.get(
      '/broken.csv',
      download(async function* () {
        yield* [];
        throw new Error('connection to the database lost');
      }),
    );
    app.get(
      '/gone.csv',
      download(async function* () {
        yield* [];
        throw notFound('vendors.not_found', 'Vendor not found');
      }),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers the API error shape as JSON, not a CSV download', async () => {
    const response = await app.inject({ method: 'GET', url: '/broken.csv' });
    expect(response.statusCode).toBe(500);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toBeUndefined();
    expect(response.json()).toEqual({
      error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' },
    });
  });

  it('answers an error a user can act on with its own status and code', async () => {
    const response = await app.inject({ method: 'GET', url: '/gone.csv' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toBeUndefined();
    expect(response.json()).toEqual({
      error: { code: 'vendors.not_found', message: 'Vendor not found' },
    });
  });
});
