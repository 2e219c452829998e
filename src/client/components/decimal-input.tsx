import { useState } from 'react';
import { TextInput, type TextInputProps } from '@mantine/core';

/** What may be typed: an optional minus, digits (with the thousands commas) and up to `decimals` decimals. */
const typable = (decimals: number) =>
  new RegExp(decimals > 0 ? `^-?[\\d,]*(\\.\\d{0,${decimals}})?$` : '^-?[\\d,]*$');

/** The number a text stands for, commas left out; 0 for an empty or unreadable text. */
export function parseDecimal(text: string): number {
  const value = Number(text.replaceAll(',', ''));
  return Number.isFinite(value) ? value : 0;
}

/** A number as the field shows it when it is not being edited. */
export function formatDecimal(value: number, decimals: number, thousands: boolean): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: decimals, useGrouping: thousands });
}

/**
 * A number field drawn like Mantine's inputs, without NumberInput (which brings react-number-format,
 * about 8 kB gzip, to the plan editor; decision 032). It refuses what is not a number of at most
 * `decimals` decimals as it is typed, keeps the text as typed while it has the focus, and shows the
 * number with its thousands commas (`thousands`) once left.
 */
export function DecimalInput({
  value,
  onChange,
  decimals = 2,
  thousands = false,
  ...props
}: Omit<TextInputProps, 'value' | 'onChange' | 'type'> & {
  value: number;
  onChange: (value: number) => void;
  decimals?: number;
  thousands?: boolean;
}) {
  // The text being edited; null when the field shows the number.
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <TextInput
      {...props}
      inputMode="decimal"
      autoComplete="off"
      value={draft ?? formatDecimal(value, decimals, thousands)}
      onFocus={(event) => {
        setDraft(event.currentTarget.value);
        props.onFocus?.(event);
      }}
      onChange={(event) => {
        const text = event.currentTarget.value;
        if (!typable(decimals).test(text)) return;
        setDraft(text);
        onChange(parseDecimal(text));
      }}
      onBlur={(event) => {
        setDraft(null);
        props.onBlur?.(event);
      }}
    />
  );
}
