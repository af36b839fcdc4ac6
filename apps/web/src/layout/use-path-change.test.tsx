import { cleanup, render, screen } from '@testing-library/react';
import { useLayoutEffect, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePathChange } from './use-path-change';

/** Opens "a sheet" before the hook's effect runs, as a click between paint and effects does. */
function Shell({ path, onChange }: { path: string; onChange?: () => void }) {
  const [open, setOpen] = useState(false);
  useLayoutEffect(() => setOpen(true), []);
  usePathChange(path, () => {
    setOpen(false);
    onChange?.();
  });
  return <p>{open ? 'open' : 'closed'}</p>;
}

afterEach(cleanup);

describe('usePathChange', () => {
  it('leaves what opened at mount open', () => {
    const onChange = vi.fn();
    render(<Shell path="/" onChange={onChange} />);
    expect(screen.getByText('open')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('runs on every change of the path, and not on a re-render with the same path', () => {
    const onChange = vi.fn();
    const view = render(<Shell path="/" onChange={onChange} />);
    view.rerender(<Shell path="/" onChange={onChange} />);
    expect(onChange).not.toHaveBeenCalled();
    view.rerender(<Shell path="/a/b" onChange={onChange} />);
    expect(screen.getByText('closed')).toBeTruthy();
    view.rerender(<Shell path="/" onChange={onChange} />);
    expect(onChange).toHaveBeenCalledTimes(2);
  });
});
