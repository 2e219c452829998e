import { Select, type SelectProps } from '@mantine/core';

/** The network user's agency choice on the scorecard: a searchable Select, loaded with their page only. */
export default function AgencySelect(props: SelectProps) {
  return <Select {...props} />;
}
