/**
 * UI state of spec section 3: menu open/closed, layout class, active side sheet and whether the
 * workspace switcher is open. The menu's default follows the layout: open only when expanded.
 */
import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';
import type { LayoutClass } from '../lib/layout-class';
import { useLayoutClass } from './use-layout-class';

export type Sheet = 'search' | 'notifications';

interface UiState {
  layout: LayoutClass;
  menuOpen: boolean;
  setMenuOpen: (open: boolean) => void;
  toggleMenu: () => void;
  sheet: Sheet | null;
  setSheet: (sheet: Sheet | null) => void;
  switcherOpen: boolean;
  setSwitcherOpen: (open: boolean) => void;
}

const UiStateContext = createContext<UiState | null>(null);

let firstSheet: Sheet | null = null;
/** The guest login hands over to the app when its search is opened: the app starts with it open. */
export function startWithSheet(sheet: Sheet) {
  firstSheet = sheet;
}

export function UiStateProvider({ children }: { children: ReactNode }) {
  const layout = useLayoutClass();
  // The choice belongs to the layout it was made in: after a resize the new layout's default applies
  // at once (an effect would render one frame with, say, the expanded drawer's "open" as a modal).
  const [menu, setMenu] = useState({ layout, open: layout === 'expanded' });
  const menuOpen = menu.layout === layout ? menu.open : layout === 'expanded';
  const [sheet, setSheet] = useState<Sheet | null>(() => {
    const first = firstSheet;
    firstSheet = null;
    return first;
  });
  const [switcherOpen, setSwitcherOpen] = useState(false);

  const value = useMemo<UiState>(
    () => ({
      layout,
      menuOpen,
      setMenuOpen: (open: boolean) => setMenu({ layout, open }),
      toggleMenu: () => setMenu({ layout, open: !menuOpen }),
      sheet,
      setSheet,
      switcherOpen,
      setSwitcherOpen,
    }),
    [layout, menuOpen, sheet, switcherOpen],
  );
  return <UiStateContext.Provider value={value}>{children}</UiStateContext.Provider>;
}

export function useUiState(): UiState {
  const state = useContext(UiStateContext);
  if (!state) throw new Error('useUiState outside UiStateProvider');
  return state;
}
