import { UpcomingPage } from '../../components/upcoming-page';

// Scaffold: replaced by the report's screen (issue 9).
export function OrdersReportPage() {
  return <UpcomingPage />;
}
