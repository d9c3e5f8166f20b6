import { useQueryClient } from '@tanstack/react-query';
import { cashKeys } from './keys';

/** After a change of the drawer or the day: every shift list and day status read again. */
export function useCashChanged() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: cashKeys.allShifts }),
      queryClient.invalidateQueries({ queryKey: cashKeys.allDays }),
    ]);
}
