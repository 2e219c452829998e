import { lazy, Suspense } from 'react';
import type { StandardTypesPickerProps } from './standard-types-part.tsx';

export type { StandardTypesPickerProps };

// Mantine's MultiSelect brings Floating UI and the combobox: it loads when a line with standard
// types is chosen, not with the report.
const StandardTypesPart = lazy(() => import('./standard-types-part.tsx'));

/** The standard types of the chosen line (spec part 1 §2, part 2 §2), with Apply. */
export function StandardTypesPicker(props: StandardTypesPickerProps) {
  return (
    <Suspense fallback={<div style={{ minHeight: props.note ? 84 : 60 }} aria-busy="true" />}>
      <StandardTypesPart {...props} />
    </Suspense>
  );
}
