import { SearchableSelect, type SearchableSelectProps } from '#client/components/searchable-select.tsx';

/** The network user's agency choice on the scorecard: a searchable select, loaded with their page only. */
export default function AgencySelect(props: SearchableSelectProps) {
  return <SearchableSelect {...props} />;
}
