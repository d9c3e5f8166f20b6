import { useEffect, useRef } from 'react';
import { Button, Center, Loader } from '@mantine/core';
import { useParams } from '../../lib/router';
import { DEFAULT_TIME_ZONE } from '../../../shared/dates';
import type { DayReport } from '../../../shared/schemas/cash.schemas';
import { QueryError } from '../../components/query-error';
import { useSession } from '../../lib/session';
import { useDayStatus } from './api/get-day-status';
import { CASH_SCREEN_TEXT as TEXT } from './cash-text';
import { dayReportFacts, dayReportSections } from './day-report-sections';
import '../../components/receipt-paper.css';
import './day-report-print.css';

/**
 * /day-close/:date/print, opened in its own window from Day Close: the day's X report (open) or
 * Z report (closed) as a narrow receipt, printed at once. Every name is text React escapes.
 */
export function DayReportPrintPage() {
  const { date = '' } = useParams();
  const status = useDayStatus(date);
  const timeZone = useSession().data?.branch?.timeZone ?? DEFAULT_TIME_ZONE;
  const printed = useRef(false);
  const report = status.data?.report;

  useEffect(() => {
    if (!report || printed.current) return;
    printed.current = true;
    document.title = `${report.kind} report ${report.businessDate} · TableFlow`;
    window.print();
  }, [report]);

  if (status.isPending) {
    return (
      <Center mih="100vh" role="status" aria-label={TEXT.reportLoading}>
        <Loader />
      </Center>
    );
  }
  if (status.isError) {
    return (
      <Center mih="100vh" p="md">
        <QueryError
          title={TEXT.dayLoadFailed}
          error={status.error}
          onRetry={() => void status.refetch()}
        />
      </Center>
    );
  }
  return (
    <main className="tf-paper-screen">
      <DayReportReceipt report={status.data.report} timeZone={timeZone} />
      <div className="tf-paper-actions">
        <Button onClick={() => window.print()}>{TEXT.printAgain}</Button>
        <Button variant="default" onClick={() => window.close()}>
          {TEXT.closeWindow}
        </Button>
      </div>
    </main>
  );
}

function DayReportReceipt({ report, timeZone }: { report: DayReport; timeZone: string }) {
  const title = report.kind === 'Z' ? TEXT.printZ : TEXT.printX;
  return (
    <article className="tf-paper tf-dayrep" aria-label={title}>
      <h1>{report.branchName}</h1>
      <div className="tf-dayrep-title" data-testid="report-title">
        {title}
      </div>
      <table>
        <tbody>
          {dayReportFacts(report, timeZone).map((line) => (
            <tr key={line.label}>
              <td>{line.label}</td>
              <td>{line.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {dayReportSections(report, timeZone).map((section) => (
        <section key={section.key} aria-label={section.title} data-testid={`print-${section.key}`}>
          <hr />
          <h2>{section.title}</h2>
          <table>
            <tbody>
              {section.lines.map((line, index) => (
                <tr key={index} className={line.strong ? 'tf-dayrep-strong' : undefined}>
                  <td>{line.label}</td>
                  <td className={line.words ? 'tf-dayrep-words' : undefined}>{line.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
      <hr />
      <div className="tf-dayrep-end">{TEXT.printEnd(report.kind)}</div>
    </article>
  );
}
