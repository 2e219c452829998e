import {
  useEffect,
  useId,
  useMemo,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
} from 'react';
import {
  CloseButton,
  ComboboxChevron,
  InputBase,
  type MantineSize,
  type MantineStyleProps,
} from '@mantine/core';

export type SelectOption = { value: string; label: string; disabled?: boolean };
export type SelectGroup = { group: string; items: readonly (string | SelectOption)[] };
export type SelectData = readonly (string | SelectOption | SelectGroup)[];

/** The options rendered at most when a Select gives no `limit`: typing narrows the rest. */
export const DEFAULT_LIMIT = 100;

/** The props of Mantine's searchable Select that the app uses, with the same meaning. */
export type SearchableSelectProps = {
  data: SelectData;
  /** The chosen option's value (controlled); null for none. */
  value?: string | null;
  defaultValue?: string | null;
  onChange?: (value: string | null, option: SelectOption | null) => void;
  /** The text in the field (controlled), e.g. to search on the server as the user types. */
  searchValue?: string;
  onSearchChange?: (search: string) => void;
  label?: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  placeholder?: string;
  disabled?: boolean;
  required?: boolean;
  /** A button that empties the field; emptying the text does too. */
  clearable?: boolean;
  /** Choosing the chosen option again empties the field (Mantine's default: true). */
  allowDeselect?: boolean;
  /** The options rendered at most; the others are reached by typing. */
  limit?: number;
  /** Shown when no option matches the text. */
  nothingFoundMessage?: ReactNode;
  onDropdownOpen?: () => void;
  onDropdownClose?: () => void;
  maxDropdownHeight?: number;
  w?: MantineStyleProps['w'];
  size?: MantineSize;
  'aria-label'?: string;
  /** The field's input (e.g. for a deferred part that takes a stand-in's place and focus). */
  ref?: Ref<HTMLInputElement>;
  /** The field's tooltip text (e.g. a long chosen label cut off by the field's width). */
  title?: string;
};

type Group = { group: string | null; options: SelectOption[] };

const toOption = (item: string | SelectOption): SelectOption =>
  typeof item === 'string' ? { value: item, label: item } : item;

/** The data as groups of options (ungrouped options in groups without a name). */
function parseData(data: SelectData): Group[] {
  const groups: Group[] = [];
  for (const item of data) {
    if (typeof item !== 'string' && 'group' in item) {
      groups.push({ group: item.group, options: item.items.map(toOption) });
    } else {
      const last = groups.at(-1);
      if (last && last.group === null) last.options.push(toOption(item));
      else groups.push({ group: null, options: [toOption(item)] });
    }
  }
  return groups;
}

/** The options matching `text` (case-insensitive, anywhere in the label), at most `limit` of them. */
export function visibleOptions(groups: Group[], text: string, limit: number) {
  const needle = text.trim().toLowerCase();
  const shown: Group[] = [];
  let matching = 0;
  let count = 0;
  for (const { group, options } of groups) {
    const matches = needle ? options.filter((o) => o.label.toLowerCase().includes(needle)) : options;
    matching += matches.length;
    const room = Math.max(0, limit - count);
    if (room > 0 && matches.length > 0) {
      const taken = matches.slice(0, room);
      count += taken.length;
      shown.push({ group, options: taken });
    }
  }
  return { shown, flat: shown.flatMap((g) => g.options), matching };
}

/** The next option that is not disabled from `from`, going by `step` (+1 or -1), round the list. */
function nextEnabled(options: SelectOption[], from: number, step: 1 | -1): number {
  for (let i = 1; i <= options.length; i += 1) {
    const at = (((from + step * i) % options.length) + options.length) % options.length;
    if (!options[at]!.disabled) return at;
  }
  return -1;
}

const dropdownStyle: CSSProperties = {
  position: 'absolute',
  top: 'calc(100% + 4px)',
  left: 0,
  right: 0,
  zIndex: 300,
  padding: 4,
  background: 'var(--mantine-color-body)',
  border: '1px solid var(--mantine-color-default-border)',
  borderRadius: 'var(--mantine-radius-default)',
  boxShadow: 'var(--mantine-shadow-md)',
};
const noteStyle: CSSProperties = {
  padding: '6px 10px',
  fontSize: 'var(--mantine-font-size-sm)',
  color: 'var(--mantine-color-dimmed)',
};
const groupLabelStyle: CSSProperties = {
  padding: '6px 10px 2px',
  fontSize: 'var(--mantine-font-size-xs)',
  fontWeight: 600,
  color: 'var(--mantine-color-dimmed)',
};

/**
 * A searchable select drawn like Mantine's (its input, label, description and error) without its
 * combobox: Mantine's brings Floating UI and the popover, about 35 kB gzip (decision 032). The field
 * is an input with role combobox; typing filters a listbox drawn below it with plain CSS, of at most
 * `limit` options (so a list of thousands stays quick: typing narrows it); the arrow keys move the
 * active option (aria-activedescendant), Enter chooses it, Escape closes the list, leaving the field
 * gives back the chosen option's label. Same props as Mantine's Select where the app uses them.
 */
export function SearchableSelect({
  data,
  value: controlledValue,
  defaultValue = null,
  onChange,
  searchValue,
  onSearchChange,
  label,
  description,
  error,
  placeholder,
  disabled,
  required,
  clearable,
  allowDeselect = true,
  limit = DEFAULT_LIMIT,
  nothingFoundMessage,
  onDropdownOpen,
  onDropdownClose,
  maxDropdownHeight = 250,
  w,
  size,
  'aria-label': ariaLabel,
  ref,
  title,
}: SearchableSelectProps) {
  const id = useId();
  const inputId = `${id}-input`;
  const listboxId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const groups = useMemo(() => parseData(data), [data]);
  const [ownValue, setOwnValue] = useState<string | null>(defaultValue);
  const value = controlledValue === undefined ? ownValue : controlledValue;
  const chosen = useMemo(
    () => (value === null ? null : (groups.flatMap((g) => g.options).find((o) => o.value === value) ?? null)),
    [groups, value],
  );
  // What the user typed since the last choice; null shows the chosen option's label.
  const [typed, setTyped] = useState<string | null>(null);
  const text = searchValue ?? typed ?? chosen?.label ?? '';
  // The chosen option's label lists every option; other text filters them.
  const edited = text !== (chosen?.label ?? '');
  const filter = edited ? text : '';
  const [opened, setOpened] = useState(false);
  const [active, setActive] = useState<string | null>(null);
  const { shown, flat, matching } = useMemo(
    () => visibleOptions(groups, filter, limit),
    [groups, filter, limit],
  );
  let activeIndex = flat.findIndex((o) => o.value === active);
  // While filtering, Enter chooses the first match unless the arrow keys moved elsewhere.
  if (activeIndex < 0 && filter.trim() !== '') activeIndex = nextEnabled(flat, -1, 1);
  const expanded = opened && flat.length > 0;

  const activeId = expanded && activeIndex >= 0 ? optionId(activeIndex) : undefined;

  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  /** Sets the field's text; null gives back the chosen option's label. */
  const setText = (next: string | null) => {
    if (searchValue === undefined) setTyped(next);
    onSearchChange?.(next ?? chosen?.label ?? '');
  };
  /** Opens the list with the chosen option active, else the first or last one, or none. */
  const open = (start: 'chosen' | 'first' | 'last' | 'none' = 'chosen') => {
    if (disabled) return;
    if (!opened) {
      setOpened(true);
      onDropdownOpen?.();
    }
    if (start === 'none') {
      setActive(null);
      return;
    }
    const chosenIndex = flat.findIndex((o) => o.value === value);
    const index =
      start === 'chosen' || chosenIndex >= 0
        ? chosenIndex
        : nextEnabled(flat, start === 'first' ? -1 : 0, start === 'first' ? 1 : -1);
    setActive(index >= 0 ? flat[index]!.value : null);
  };
  const close = () => {
    if (opened) onDropdownClose?.();
    setOpened(false);
    setActive(null);
  };
  const commit = (next: SelectOption | null) => {
    if (controlledValue === undefined) setOwnValue(next?.value ?? null);
    if ((next?.value ?? null) !== value) onChange?.(next?.value ?? null, next);
    if (searchValue === undefined) setTyped(null);
    else onSearchChange?.(next?.label ?? '');
  };
  const choose = (option: SelectOption) => {
    if (option.disabled) return;
    commit(allowDeselect && option.value === value ? null : option);
    close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        if (event.altKey) {
          if (step === 1) open();
          else close();
        } else if (!opened) {
          open(step === 1 ? 'first' : 'last');
        } else if (flat.length > 0) {
          const index = nextEnabled(flat, activeIndex < 0 && step === -1 ? 0 : activeIndex, step);
          setActive(index >= 0 ? flat[index]!.value : null);
        }
        break;
      }
      case 'Enter':
        if (opened) {
          event.preventDefault();
          const option = activeIndex >= 0 ? flat[activeIndex] : undefined;
          if (option) choose(option);
          else close();
        }
        break;
      case 'Escape':
        if (opened) {
          // Only the list closes, not a dialog around the field.
          event.preventDefault();
          event.stopPropagation();
          close();
        } else if (edited) {
          setText(null);
        }
        break;
      case 'Tab':
        close();
        break;
      default:
        break;
    }
  };

  const clearButton = clearable && value !== null && !disabled && (
    <CloseButton
      size="sm"
      aria-label={`Clear ${typeof label === 'string' ? label : (ariaLabel ?? '')}`.trim()}
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => {
        commit(null);
        close();
      }}
    />
  );

  const listName = label ? { 'aria-labelledby': `${inputId}-label` } : { 'aria-label': ariaLabel };
  const indexOf = new Map(flat.map((option, at) => [option, at]));
  const renderOption = (option: SelectOption) => {
    const at = indexOf.get(option)!;
    const isChosen = option.value === value;
    return (
      <div
        key={option.value}
        id={optionId(at)}
        role="option"
        aria-selected={isChosen}
        aria-disabled={option.disabled || undefined}
        onClick={() => choose(option)}
        onMouseMove={() => {
          if (!option.disabled && at !== activeIndex) setActive(option.value);
        }}
        style={{
          padding: '6px 10px',
          borderRadius: 'var(--mantine-radius-sm)',
          fontSize: 'var(--mantine-font-size-sm)',
          cursor: option.disabled ? 'default' : 'pointer',
          color: option.disabled ? 'var(--mantine-color-dimmed)' : undefined,
          fontWeight: isChosen ? 600 : undefined,
          background: at === activeIndex ? 'var(--mantine-color-default-hover)' : undefined,
        }}
      >
        {option.label}
      </div>
    );
  };

  const dropdown = opened && (
    // Pressing in the list keeps the focus in the field.
    <div style={dropdownStyle} onMouseDown={(event) => event.preventDefault()}>
      {flat.length > 0 && (
        <div
          role="listbox"
          id={listboxId}
          {...listName}
          style={{ maxHeight: maxDropdownHeight, overflowY: 'auto' }}
        >
          {shown.map((group, g) =>
            group.group === null ? (
              group.options.map(renderOption)
            ) : (
              <div key={`group-${group.group}`} role="group" aria-labelledby={`${id}-group-${g}`}>
                <div id={`${id}-group-${g}`} style={groupLabelStyle}>
                  {group.group}
                </div>
                {group.options.map(renderOption)}
              </div>
            ),
          )}
        </div>
      )}
      <div role="status" style={flat.length === 0 && !nothingFoundMessage ? { display: 'none' } : undefined}>
        {flat.length === 0 ? (
          nothingFoundMessage && <div style={noteStyle}>{nothingFoundMessage}</div>
        ) : matching > flat.length ? (
          <div style={noteStyle}>
            {flat.length.toLocaleString('en-US')} of {matching.toLocaleString('en-US')} shown: type to narrow.
          </div>
        ) : null}
      </div>
    </div>
  );

  return (
    <InputBase
      ref={ref}
      title={title}
      id={inputId}
      label={label}
      description={description}
      error={error}
      placeholder={placeholder}
      disabled={disabled}
      required={required}
      w={w}
      size={size}
      aria-label={ariaLabel}
      role="combobox"
      aria-haspopup="listbox"
      aria-autocomplete="list"
      aria-expanded={expanded}
      aria-controls={expanded ? listboxId : undefined}
      aria-activedescendant={activeId}
      autoComplete="off"
      value={text}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        open('none');
        if (clearable && next === '' && value !== null) commit(null);
      }}
      onClick={() => open()}
      onKeyDown={onKeyDown}
      onBlur={() => {
        close();
        if (edited) {
          setText(null);
        }
      }}
      rightSection={clearButton || <ComboboxChevron size={size} error={error} />}
      rightSectionPointerEvents={clearButton ? 'all' : 'none'}
      inputContainer={(children) => (
        <div style={{ position: 'relative' }}>
          {children}
          {dropdown}
        </div>
      )}
    />
  );
}
