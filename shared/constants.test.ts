import { describe, expect, it } from 'vitest';
import {
  BILL_PRINT_WINDOW,
  BRANCH_REDIRECT_MS,
  CHUNK_LOAD_TIMEOUT_MS,
  DEFAULT_NUMBER_OF_USERS,
  DROPDOWN,
  DUES_SETTLE_METHODS,
  EXPORT_FILES,
  BILL_PAYMENT_METHODS,
  PAYMENT_STATUSES,
  SESSION_IDLE_MS,
  STOCK_DETAILS_CSV,
  SUBSCRIPTION_TYPES,
  TOAST,
  TOP_ITEMS,
} from './constants';

describe('business constants of spec section 9', () => {
  it('re-exports the subscription types and the default of 5 users from plans', () => {
    expect(SUBSCRIPTION_TYPES).toEqual(['daily', 'monthly', 'yearly']);
    expect(DEFAULT_NUMBER_OF_USERS).toBe(5);
  });

  it('pays by Cash, Card, UPI or Due, and settles dues by Cash, Card, UPI or Other', () => {
    expect(BILL_PAYMENT_METHODS).toEqual(['Cash', 'Card', 'UPI', 'Due']);
    expect(DUES_SETTLE_METHODS).toEqual(['Cash', 'Card', 'UPI', 'Other']);
  });

  it('knows the payment statuses Settled and Due', () => {
    expect(PAYMENT_STATUSES).toEqual(['Settled', 'Due']);
  });

  it('shows the top 5 items', () => {
    expect(TOP_ITEMS).toBe(5);
  });

  it('names the export files as the spec does', () => {
    expect(EXPORT_FILES.ordersReport).toBe('orders_report.csv');
    expect(EXPORT_FILES.paymentHistoryReport('2025-03-02')).toBe(
      'payment_history_report_2025-03-02.csv',
    );
    expect(EXPORT_FILES.stockDetails).toBe('stock_details.csv');
  });

  it('writes stock details with the spec columns and defaults', () => {
    expect(STOCK_DETAILS_CSV.columns).toEqual(['Invoice Date', 'Stock Name', 'Quantity', 'Price']);
    expect(STOCK_DETAILS_CSV.defaults).toEqual({
      invoiceDate: 'N/A',
      stockName: 'N/A',
      quantity: '0',
      price: '0.00',
    });
  });

  it('shows toasts top-right for 5 seconds', () => {
    expect(TOAST).toEqual({ position: 'top-right', autoCloseMs: 5000 });
  });

  it('waits 1.5 seconds before going to the branch list', () => {
    expect(BRANCH_REDIRECT_MS).toBe(1500);
  });

  it('ends an idle session after 30 minutes, 1,800,000 ms', () => {
    expect(SESSION_IDLE_MS).toBe(1_800_000);
  });

  it('prints the bill in an 800 by 600 window', () => {
    expect(BILL_PRINT_WINDOW).toEqual({ width: 800, height: 600 });
  });

  it('limits dropdowns to 300 px and 5 options a page, and chunk loads to 120 seconds', () => {
    expect(DROPDOWN).toEqual({ maxHeight: 300, pageSize: 5 });
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });
});
