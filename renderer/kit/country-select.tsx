/**
 * A country picker for addresses (countries.ts): a searchable list stored as the two-letter code.
 * Typing finds a country by its name, its code, or a common short name ("UK", "USA"). An address
 * saved before this picker, in free text ("Canada"), still shows as its own choice.
 */
import { Select, type ComboboxItem, type OptionsFilter, type SelectProps } from '@mantine/core';
import { useMemo } from 'react';
import { COUNTRY_ALIASES, COUNTRY_CODES, countryOptions } from './countries';

const fold = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();

/** Matches the name (any word start or inside), the code exactly, or an alias. */
const filter: OptionsFilter = ({ options, search }) => {
  const wanted = fold(search);
  if (!wanted) return options;
  return (options as ComboboxItem[]).filter(
    (option) =>
      fold(option.label).includes(wanted) ||
      fold(option.value) === wanted ||
      (COUNTRY_ALIASES[option.value] ?? []).some((alias) => fold(alias).startsWith(wanted)),
  );
};

export function CountrySelect({
  value,
  onChange,
  ...props
}: { value: string; onChange: (value: string) => void } & Omit<SelectProps, 'value' | 'onChange' | 'data'>) {
  const options = useMemo(() => countryOptions(), []);
  const stored = value.trim();
  // A stored code in any case reads as the list's code; free text from before stays a choice.
  const upper = stored.toUpperCase();
  const selected = COUNTRY_CODES.includes(upper) ? upper : stored;
  const data =
    selected && !COUNTRY_CODES.includes(selected) ? [{ value: selected, label: selected }, ...options] : options;
  return (
    <Select
      searchable
      clearable
      // Picking the chosen country again keeps it (the clear button empties the field).
      allowDeselect={false}
      data={data}
      filter={filter}
      value={selected || null}
      onChange={(next) => onChange(next ?? '')}
      nothingFoundMessage="No country by that name"
      placeholder="Type to search"
      maxDropdownHeight={280}
      comboboxProps={{ withinPortal: true }}
      {...props}
    />
  );
}
