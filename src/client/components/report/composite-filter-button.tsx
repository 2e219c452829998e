import type { Ref } from 'react';
import { Button, type ButtonProps } from '@mantine/core';
import type { CarrierComposite } from '#shared/domain/carrier-composite.ts';

/** What a report's table lists: its composite labels follow it. */
export type CompositeView = 'carriers' | 'agencies';

/** The tree's texts (spec part 1 §2, part 2 §2), and their equivalents when the table lists agencies. */
export const COMPOSITE_LABELS: Record<CompositeView, Record<CarrierComposite, string>> = {
  carriers: {
    all: 'All Carriers & Wholesalers',
    carriers: 'All Carriers',
    wholesalers: 'All Wholesalers',
  },
  agencies: {
    all: 'Agency Production from All Carriers & Wholesalers',
    carriers: 'Agency Production from Carriers',
    wholesalers: 'Agency Production from Wholesalers',
  },
};

export type CompositeFilterProps = {
  view?: CompositeView;
  composite: CarrierComposite;
  disabled: boolean;
  onApply: (composite: CarrierComposite) => void;
};

/** The Filters button: the same for the stand-in (composite-filter.tsx) and the popup's target. */
export function FiltersButton({
  ref,
  ...props
}: { ref?: Ref<HTMLButtonElement> } & ButtonProps &
  Omit<React.ComponentPropsWithoutRef<'button'>, keyof ButtonProps>) {
  return (
    <Button ref={ref} variant="default" {...props}>
      Filters
    </Button>
  );
}
