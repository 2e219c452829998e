import { useSearchParams } from 'react-router';
import { offeredYears } from '#shared/contracts/manual-entry.ts';
import { workingYear, type calendarDateIn } from '#shared/domain/reporting-month.ts';

/** The year shown: the `year` search parameter when it is one of the offered years. */
export function useEntryYear(today: ReturnType<typeof calendarDateIn>): [number, (year: number) => void] {
  const [params, setParams] = useSearchParams();
  const requested = Number(params.get('year'));
  const year = offeredYears(today).includes(requested) ? requested : workingYear(today);
  const setYear = (next: number) =>
    setParams(
      (previous) => {
        const updated = new URLSearchParams(previous);
        updated.set('year', String(next));
        return updated;
      },
      { replace: true },
    );
  return [year, setYear];
}
