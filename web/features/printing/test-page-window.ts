import { PRINTING_TEXT as TEXT } from './printing-text';

/**
 * A 'browser' printer's test page: a small window with the page's lines, printed with this
 * device's print dialog (the printer chosen there is the one the printout goes to). Built with
 * DOM text nodes: the printer's name is never read as HTML.
 */
export function openTestPageWindow(printer: { name: string; paperWidth: number }): boolean {
  const popup = window.open('', `tf-test-page-${printer.name}`, 'popup,width=420,height=520');
  if (!popup) return false;
  const doc = popup.document;
  doc.title = TEXT.testPageTitle;
  const style = doc.createElement('style');
  style.textContent = `body{font:14px/1.4 monospace;margin:0;padding:12px;width:${printer.paperWidth === 58 ? 48 : 72}mm}h1{font-size:18px;text-align:center;margin:0 0 8px}p{margin:4px 0}@page{margin:0}`;
  doc.head.append(style);
  const heading = doc.createElement('h1');
  heading.textContent = TEXT.testPageTitle;
  doc.body.replaceChildren(heading);
  for (const line of [
    ...TEXT.testPageLines(printer.name, printer.paperWidth),
    new Date().toLocaleString('en-IN'),
  ]) {
    const p = doc.createElement('p');
    p.textContent = line;
    doc.body.append(p);
  }
  popup.focus();
  popup.print();
  return true;
}
