import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Sends the day's report to a network printer (its print job follows in the queue). */
export function usePrintDayReport() {
  return useMutation({
    mutationFn: (body: { date: string; printerId: string }) =>
      api<unknown>('/days/print', { body }),
  });
}
