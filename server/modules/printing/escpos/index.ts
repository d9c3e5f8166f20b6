/** ESC/POS bytes of bills, KOTs and test pages (docs/printing.md, "ESC/POS"). */
export { billEscpos, type BillEscposInput } from './bill-escpos';
export { kotEscpos, type KotEscposInput } from './kot-escpos';
export { testPageEscpos, type TestPageEscposInput } from './test-page-escpos';
export { provisionalEscpos, type ProvisionalEscposInput } from './provisional-escpos';
export { dayReportEscpos, type DayReportEscposInput } from './day-report';
