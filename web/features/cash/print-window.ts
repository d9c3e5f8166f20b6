import { BILL_PRINT_WINDOW } from '../../../shared/constants';
import { paths } from '../../config/paths';

/**
 * Opens a business day's X or Z report in its own window (it prints itself once loaded);
 * false when the browser blocked the window.
 */
export function openDayReportPrint(date: string): boolean {
  const { width, height } = BILL_PRINT_WINDOW;
  const opened = window.open(
    paths.dayReportPrint(date),
    `tf-day-report-${date}`,
    `popup,width=${width},height=${height}`,
  );
  return opened !== null;
}
