import Autocomplete from '@mui/material/Autocomplete';
import type { SxProps, Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';

/** Anything a form refers to by id and a person knows by name (a source, a player). */
export interface NamedChoice {
  /** What the form stores: an id, or a tagged id such as 'source:<id>'. */
  id: string;
  name: string;
  /** A heading the list groups by (options of one group must be adjacent). */
  group?: string;
}

const labelOf = (o: NamedChoice) => o.name;
const groupOf = (o: NamedChoice) => o.group ?? '';
const sameId = (a: NamedChoice, b: NamedChoice) => a.id === b.id;

/**
 * Picks one of a list the form already has (sources, players) by typing part of its name, instead of
 * a plain select or an id. The value is the chosen id ('' for none). Texts come from the form's own
 * namespace: `placeholder` is shown while nothing is chosen (for optional fields: what "none" means).
 * For media, which need a thumbnail and a server-side search, see `MediaPicker`.
 */
export function NamePicker({
  options,
  value,
  onChange,
  label,
  placeholder,
  noMatchText,
  required,
  error,
  helperText,
  className,
  size,
  sx,
}: {
  options: readonly NamedChoice[];
  value: string;
  onChange: (id: string) => void;
  label: string;
  placeholder?: string;
  noMatchText: string;
  required?: boolean;
  error?: boolean;
  helperText?: string;
  className?: string;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
}) {
  const selected = options.find((o) => o.id === value) ?? null;
  return (
    <Autocomplete<NamedChoice>
      className={className}
      size={size}
      sx={sx}
      options={options}
      value={selected}
      onChange={(_, next) => onChange(next?.id ?? '')}
      getOptionLabel={labelOf}
      isOptionEqualToValue={sameId}
      groupBy={options.some((o) => o.group) ? groupOf : undefined}
      noOptionsText={noMatchText}
      // Two items may share a name; the key is the id.
      renderOption={({ key: _key, ...props }, option) => (
        <li {...props} key={option.id}>
          {option.name}
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          error={error}
          helperText={helperText}
          placeholder={placeholder}
          slotProps={{ ...params.slotProps, inputLabel: { ...params.slotProps.inputLabel, shrink: true } }}
        />
      )}
    />
  );
}
