import { useMemo } from 'react';
import {
  ComboboxChevron,
  getOptionsLockup,
  getParsedComboboxData,
  InputBase,
  type SelectProps,
} from '@mantine/core';
import { deferred, useStandIn } from './deferred.tsx';

const selectPart = deferred(() => import('./select-part.tsx'));

/**
 * Mantine's Select, loaded on first use (docs/first-load.md): its combobox brings
 * Floating UI and the popover, about 30 kB gzip that a page showing a year or a page size does not
 * need before the user points at or focuses the field. Until then the field is drawn alike with the
 * chosen option's label; the real Select takes its place (select-part.tsx) with the focus, and opens
 * when the stand-in was clicked. Same props as Mantine's Select.
 */
export function Select(props: SelectProps) {
  const { module, activation, standInProps } = useStandIn(selectPart);
  const { data, value, defaultValue, label, description, placeholder, error, disabled, size, w, required } =
    props;
  const { searchValue } = props;
  const shown = useMemo(() => {
    // A searchable Select with a controlled search shows that text.
    if (searchValue !== undefined) return searchValue;
    const chosen = value === undefined ? defaultValue : value;
    if (chosen === null || chosen === undefined) return '';
    return getOptionsLockup(getParsedComboboxData(data))[chosen]?.label ?? '';
  }, [data, value, defaultValue, searchValue]);

  if (module) return <module.SelectPart activation={activation} {...props} />;
  return (
    <InputBase
      label={label}
      description={description}
      placeholder={placeholder}
      error={error}
      required={required}
      aria-label={props['aria-label']}
      value={shown}
      readOnly
      pointer={!props.searchable}
      role="combobox"
      aria-haspopup="listbox"
      aria-expanded={false}
      rightSection={<ComboboxChevron size={size} error={error} />}
      rightSectionPointerEvents="none"
      w={w}
      size={size}
      disabled={disabled}
      {...standInProps}
    />
  );
}
