import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NamePicker } from './name-picker';

const options = [
  { id: 'source:s1', name: 'Main stage', group: 'Sources' },
  { id: 'source:s2', name: 'Backstage', group: 'Sources' },
  { id: 'output:o1', name: 'Main stage', group: 'Players' },
];

function Form({ onChange, initial = '' }: { onChange: (id: string) => void; initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <NamePicker
      label="Feed source"
      placeholder="No feed"
      noMatchText="Nothing with this name"
      options={options}
      value={value}
      onChange={(id) => {
        setValue(id);
        onChange(id);
      }}
    />
  );
}

describe('NamePicker', () => {
  afterEach(cleanup);

  it('narrows the list by the typed name, groups it and sets the chosen id', async () => {
    const onChange = vi.fn();
    render(<Form onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Feed source' }) as HTMLInputElement;
    expect(input.placeholder).toBe('No feed');
    input.focus();
    fireEvent.change(input, { target: { value: 'main' } });
    expect(await screen.findAllByRole('option', { name: 'Main stage' })).toHaveLength(2);
    expect(screen.queryByRole('option', { name: 'Backstage' })).toBeNull();
    expect(screen.getByText('Players')).toBeTruthy();
    // Same name, different kind: the id tells them apart.
    fireEvent.click(screen.getAllByRole('option', { name: 'Main stage' })[1]!);
    expect(onChange).toHaveBeenCalledWith('output:o1');
    await waitFor(() => expect(input.value).toBe('Main stage'));

    fireEvent.change(input, { target: { value: 'zzz' } });
    expect(await screen.findByText('Nothing with this name')).toBeTruthy();
  });

  it('shows a chosen id by its name, never the id', () => {
    render(<Form onChange={vi.fn()} initial="source:s2" />);
    expect((screen.getByRole('combobox', { name: 'Feed source' }) as HTMLInputElement).value).toBe(
      'Backstage',
    );
  });
});
