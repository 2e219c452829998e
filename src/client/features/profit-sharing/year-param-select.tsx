import { useSearchParams } from 'react-router';
import { Select } from '#client/components/select.tsx';

/**
 * The profit-sharing pages' year: a choice among the years the server offers, kept in the page's
 * URL (`?year=`) so that a link or a reload opens the same year.
 */
export function YearParamSelect({
  years,
  year,
  onChosen,
}: {
  years: readonly number[];
  year: number;
  /** Called after a new year is put in the URL (a page resets what depends on the year). */
  onChosen?: () => void;
}) {
  const [params, setParams] = useSearchParams();
  return (
    <Select
      label="Year"
      w={110}
      data={years.map((y) => ({ value: String(y), label: String(y) }))}
      value={String(year)}
      allowDeselect={false}
      onChange={(value) => {
        if (!value) return;
        const next = new URLSearchParams(params);
        next.set('year', value);
        setParams(next);
        onChosen?.();
      }}
    />
  );
}
