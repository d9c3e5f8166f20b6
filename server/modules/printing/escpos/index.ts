/** ESC/POS bytes of bills, KOTs and test pages (docs/printing.md, "ESC/POS"). */
export { billEscpos, type BillEscposInput } from './bill-escpos';
export { kotEscpos, type KotEscposInput } from './kot-escpos';
export { testPageEscpos, type TestPageEscposInput } from './test-page-escpos';
export { dayReportEscpos, type DayReportEscposInput } from './day-report';
