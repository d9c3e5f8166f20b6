import { formatDisplayDateTime } from '../../../../shared/dates';
import { printable, rupees } from './receipt-text';
import { ReceiptWriter, largeStyle, type Columns } from './receipt-writer';

/**
 * A printer's test page (docs/printing.md, "Printers"): which printer and branch it is, the paper
 * width and its columns with a ruler to check them, the type styles the receipts use, the rupee
 * as it prints, and a QR code (the bill's UPI QR needs a printer that draws them).
 */

export interface TestPageEscposInput {
  printerName: string;
  branchName: string;
  columns: Columns;
  at: Date;
  timeZone: string;
  paperWidth: 58 | 80;
}

export const TEST_PAGE_TEXT = {
  title: 'TEST PAGE',
  printer: 'Printer',
  branch: 'Branch',
  paper: (width: number, columns: number) => `Paper: ${width} mm (${columns} columns)`,
  printed: 'Printed',
  normal: 'Normal text',
  bold: 'Bold text',
  tall: 'Double height',
  large: 'Large',
  inverted: ' Inverted ',
  money: (text: string) => `Money prints as ${text}`,
  qr: 'A QR code below means UPI QR codes will print:',
  qrData: 'TableFlow printer test',
  done: 'If every line above is whole, the printer is ready.',
} as const;

const T = TEST_PAGE_TEXT;

/** The test page's ESC/POS bytes, ending in a cut. */
export function testPageEscpos(input: TestPageEscposInput): Uint8Array {
  const { columns } = input;
  const w = new ReceiptWriter(columns);
  w.line(T.title, { align: 'center', bold: true, width: 2, height: 2 });
  w.paragraph(printable(input.printerName), { align: 'center', bold: true });
  w.rule();
  w.paragraph(printable(`${T.printer}: ${input.printerName}`));
  w.paragraph(printable(`${T.branch}: ${input.branchName}`));
  w.paragraph(T.paper(input.paperWidth, columns));
  w.paragraph(printable(`${T.printed}: ${formatDisplayDateTime(input.at, input.timeZone)}`));
  w.rule();
  // A ruler: the last digit must be the last character of the line.
  w.line(Array.from({ length: columns }, (_, index) => String((index + 1) % 10)).join(''));
  w.rule('double');
  w.line(T.normal);
  w.line(T.bold, { bold: true });
  w.line(T.tall, { height: 2 });
  w.line(T.large, { ...largeStyle(columns), bold: true });
  w.line(T.inverted, { invert: true });
  w.line(T.money(rupees(123_456_00)));
  w.rule();
  w.paragraph(T.qr, { align: 'center' });
  w.qrcode(T.qrData);
  w.blank();
  w.paragraph(T.done, { align: 'center' });
  return w.cut().encode();
}
