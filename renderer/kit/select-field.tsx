/**
 * A labelled native select in the theme's look. Native on purpose: it is accessible on every
 * device and weighs almost nothing, where Mantine's NativeSelect brings its whole input system
 * (about 4.5 KiB gzip) to whatever first load shows it. Use Mantine's Select for searchable lists.
 */
import { useId, type ChangeEvent } from 'react';
import classes from './select-field.module.css';

export interface TSelectFieldProps {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  disabled?: boolean;
  width?: number;
  'data-testid'?: string;
}

export function SelectField({ label, value, options, onChange, disabled, width, ...rest }: TSelectFieldProps) {
  const id = useId();
  return (
    <div className={classes.field} style={width ? { width } : undefined}>
      <label htmlFor={id} className={classes.label}>
        {label}
      </label>
      <select
        id={id}
        className={classes.select}
        value={value}
        disabled={disabled}
        onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange(event.currentTarget.value)}
        data-testid={rest['data-testid']}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
