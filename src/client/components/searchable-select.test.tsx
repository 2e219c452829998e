import { useState } from 'react';
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '#client/app/theme.ts';
import { SearchableSelect, type SearchableSelectProps, type SelectData } from './searchable-select.tsx';

const CARRIERS = [
  { value: 'c1', label: 'Fairview Mutual' },
  { value: 'c2', label: 'Granite State' },
  { value: 'c3', label: 'Harbor Casualty', disabled: true },
  { value: 'c4', label: 'Prairie Oak' },
];

/** A controlled select, as the pages use it, with its choices recorded. */
function Controlled({
  onChoose,
  initial = null,
  ...props
}: Omit<SearchableSelectProps, 'value' | 'onChange'> & {
  onChoose?: (value: string | null, label: string | undefined) => void;
  initial?: string | null;
}) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <main>
      <SearchableSelect
        {...props}
        value={value}
        onChange={(next, option) => {
          setValue(next);
          onChoose?.(next, option?.label);
        }}
      />
      <button type="button">Elsewhere</button>
    </main>
  );
}

function renderSelect(props: Partial<Parameters<typeof Controlled>[0]> = {}) {
  const onChoose = vi.fn();
  const utils = render(
    <MantineProvider theme={theme} env="test">
      <Controlled label="Carrier" data={CARRIERS} onChoose={onChoose} {...props} />
    </MantineProvider>,
  );
  return { ...utils, onChoose, input: screen.getByRole('combobox', { name: 'Carrier' }) };
}

/** The option aria-activedescendant points at. */
function activeOption(input: HTMLElement) {
  const id = input.getAttribute('aria-activedescendant');
  return id ? document.getElementById(id) : null;
}

async function expectNoAxeViolations(container: HTMLElement) {
  const results = await axe.run(container, {
    // jsdom draws nothing: contrast cannot be measured there (the e2e specs check it in a browser).
    rules: { 'color-contrast': { enabled: false } },
  });
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(', ')}`)).toEqual([]);
}

describe('SearchableSelect', () => {
  it('shows the chosen label, and opens its list on a click with the chosen option active', async () => {
    const { input } = renderSelect({ initial: 'c2' });
    expect(input).toHaveValue('Granite State');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    await userEvent.click(input);
    const listbox = screen.getByRole('listbox', { name: 'Carrier' });
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(input).toHaveAttribute('aria-controls', listbox.id);
    // The chosen label lists every option, not only the ones matching it.
    expect(within(listbox).getAllByRole('option')).toHaveLength(4);
    expect(screen.getByRole('option', { name: 'Granite State' })).toHaveAttribute('aria-selected', 'true');
    expect(activeOption(input)).toHaveTextContent('Granite State');
  });

  it('moves with the arrow keys round the list, skipping disabled options, and chooses with Enter', async () => {
    const { input, onChoose } = renderSelect();
    input.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(activeOption(input)).toHaveTextContent('Fairview Mutual');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    // Harbor Casualty is disabled.
    expect(activeOption(input)).toHaveTextContent('Prairie Oak');
    await userEvent.keyboard('{ArrowDown}');
    expect(activeOption(input)).toHaveTextContent('Fairview Mutual');
    await userEvent.keyboard('{ArrowUp}');
    expect(activeOption(input)).toHaveTextContent('Prairie Oak');
    await userEvent.keyboard('{Enter}');
    expect(onChoose).toHaveBeenCalledWith('c4', 'Prairie Oak');
    expect(input).toHaveValue('Prairie Oak');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).not.toHaveAttribute('aria-activedescendant');
    expect(input).toHaveFocus();
  });

  it('filters as the user types, case-insensitive, and Enter takes the first match', async () => {
    const { input, onChoose } = renderSelect({ initial: 'c1' });
    await userEvent.clear(input);
    await userEvent.type(input, 'STATE');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Granite State']);
    await userEvent.keyboard('{Enter}');
    expect(onChoose).toHaveBeenCalledWith('c2', 'Granite State');
    expect(input).toHaveValue('Granite State');
  });

  it('closes on Escape without choosing, and gives back the chosen label when left', async () => {
    const { input, onChoose } = renderSelect({ initial: 'c1' });
    await userEvent.clear(input);
    await userEvent.type(input, 'oak');
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input).toHaveValue('oak');
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(input).toHaveValue('Fairview Mutual');
    expect(onChoose).not.toHaveBeenCalled();
  });

  it('chooses with a click, keeping the focus in the field', async () => {
    const { input, onChoose } = renderSelect();
    await userEvent.click(input);
    await userEvent.click(screen.getByRole('option', { name: 'Granite State' }));
    expect(onChoose).toHaveBeenCalledWith('c2', 'Granite State');
    expect(input).toHaveFocus();
    // A disabled option cannot be chosen.
    await userEvent.click(input);
    await userEvent.click(screen.getByRole('option', { name: 'Harbor Casualty' }));
    expect(onChoose).toHaveBeenCalledTimes(1);
  });

  it('empties the field when the chosen option is chosen again, unless told not to', async () => {
    const first = renderSelect({ initial: 'c1' });
    await userEvent.click(first.input);
    await userEvent.click(screen.getByRole('option', { name: 'Fairview Mutual' }));
    expect(first.onChoose).toHaveBeenCalledWith(null, undefined);
    expect(first.input).toHaveValue('');
    first.unmount();

    const second = renderSelect({ initial: 'c1', allowDeselect: false });
    await userEvent.click(second.input);
    await userEvent.click(screen.getByRole('option', { name: 'Fairview Mutual' }));
    expect(second.onChoose).not.toHaveBeenCalled();
    expect(second.input).toHaveValue('Fairview Mutual');
  });

  it('says when nothing matches, with the list closed to assistive technology', async () => {
    const { input } = renderSelect({ nothingFoundMessage: 'No carrier found' });
    await userEvent.type(input, 'zzz');
    expect(screen.getByRole('status')).toHaveTextContent('No carrier found');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('renders at most its limit of thousands of options; typing reaches the others', async () => {
    const many = Array.from({ length: 5000 }, (_, i) => ({ value: `a${i}`, label: `Agency ${i + 1}` }));
    const { input, onChoose } = renderSelect({ data: many, limit: 50 });
    await userEvent.click(input);
    expect(screen.getAllByRole('option')).toHaveLength(50);
    expect(screen.getByRole('status')).toHaveTextContent('50 of 5,000 shown: type to narrow.');
    await userEvent.type(input, '4321');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Agency 4321']);
    await userEvent.keyboard('{Enter}');
    expect(onChoose).toHaveBeenCalledWith('a4320', 'Agency 4321');
  });

  it('draws groups as named groups of options', async () => {
    const data: SelectData = [
      { group: 'Suggested', items: [{ value: 'pa', label: 'Personal Auto' }] },
      { group: 'All', items: ['Homeowners', 'Dwelling Fire'] },
    ];
    const { input } = renderSelect({ data });
    await userEvent.click(input);
    expect(within(screen.getByRole('group', { name: 'Suggested' })).getAllByRole('option')).toHaveLength(1);
    expect(within(screen.getByRole('group', { name: 'All' })).getAllByRole('option')).toHaveLength(2);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(input).toHaveValue('Homeowners');
  });

  it('clears with its clear button or by emptying the text, when clearable', async () => {
    const { input, onChoose } = renderSelect({ initial: 'c2', clearable: true });
    await userEvent.click(screen.getByRole('button', { name: 'Clear Carrier' }));
    expect(onChoose).toHaveBeenLastCalledWith(null, undefined);
    expect(input).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear Carrier' })).not.toBeInTheDocument();

    await userEvent.click(input);
    await userEvent.click(screen.getByRole('option', { name: 'Prairie Oak' }));
    await userEvent.clear(input);
    expect(onChoose).toHaveBeenLastCalledWith(null, undefined);
  });

  it('reports the text with a controlled search, for a search on the server', async () => {
    const searches: string[] = [];
    function ServerSearch() {
      const [search, setSearch] = useState('');
      const [value, setValue] = useState<string | null>(null);
      return (
        <SearchableSelect
          label="Carrier"
          data={CARRIERS.filter((c) => c.label.toLowerCase().includes(search.toLowerCase()))}
          value={value}
          onChange={setValue}
          searchValue={search}
          onSearchChange={(text) => {
            searches.push(text);
            setSearch(text);
          }}
        />
      );
    }
    render(
      <MantineProvider theme={theme} env="test">
        <ServerSearch />
      </MantineProvider>,
    );
    const input = screen.getByRole('combobox', { name: 'Carrier' });
    await userEvent.type(input, 'pra');
    expect(searches).toEqual(['p', 'pr', 'pra']);
    await userEvent.click(screen.getByRole('option', { name: 'Prairie Oak' }));
    expect(searches.at(-1)).toBe('Prairie Oak');
    expect(input).toHaveValue('Prairie Oak');
  });

  it('shows its error and description to assistive technology, and does nothing when disabled', async () => {
    const { input } = renderSelect({ error: 'Choose a carrier', description: 'The carrier of every row' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(/Choose a carrier/);
    expect(input).toHaveAccessibleDescription(/The carrier of every row/);

    const disabled = renderSelect({ disabled: true, label: 'Agency' });
    await userEvent.click(disabled.container.querySelector('input')!);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('has no axe violations, closed and open with groups', async () => {
    const data: SelectData = [
      { group: 'Suggested', items: [{ value: 'pa', label: 'Personal Auto' }] },
      { group: 'All', items: ['Homeowners'] },
    ];
    const { container, input } = renderSelect({ data, clearable: true, initial: 'pa' });
    await expectNoAxeViolations(container);
    await userEvent.click(input);
    await userEvent.keyboard('{ArrowDown}');
    await expectNoAxeViolations(container);
  });
});
