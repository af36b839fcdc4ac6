import { useEffect, useRef } from 'react';

const isTextEntry = (target: EventTarget | null) =>
  target instanceof HTMLTextAreaElement ||
  (target instanceof HTMLInputElement && target.type !== 'number' && target.type !== 'checkbox');

/** Roles where a letter picks or types something (an open select's options, a menu, a combobox). */
const LETTER_ROLES = new Set(['combobox', 'listbox', 'option', 'menu', 'menuitem', 'textbox']);

/** A single letter is typing in any field but a slider, a checkbox or a button. */
const isField = (target: EventTarget | null) =>
  target instanceof HTMLTextAreaElement ||
  target instanceof HTMLSelectElement ||
  (target instanceof HTMLElement &&
    (target.isContentEditable || LETTER_ROLES.has(target.getAttribute('role') ?? ''))) ||
  (target instanceof HTMLInputElement && !['range', 'checkbox', 'radio', 'button'].includes(target.type));

/**
 * The editor's keys anywhere on the page: Ctrl+S saves, Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y undo and redo
 * (not inside a text field, which has its own), S splits at the playhead (not while typing).
 */
export function useEditorKeys(keys: {
  save: () => void;
  undo: () => void;
  redo: () => void;
  split: () => void;
}) {
  const latest = useRef(keys);
  latest.current = keys;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const key = event.key.toLowerCase();
      if (!(event.ctrlKey || event.metaKey)) {
        if (
          key === 's' &&
          !event.altKey &&
          !event.shiftKey &&
          !isField(event.target) &&
          !event.defaultPrevented
        ) {
          event.preventDefault();
          latest.current.split();
        }
        return;
      }
      if (event.altKey) return;
      if (key === 's') {
        event.preventDefault();
        latest.current.save();
      } else if (key === 'z' && !isTextEntry(event.target)) {
        event.preventDefault();
        if (event.shiftKey) latest.current.redo();
        else latest.current.undo();
      } else if (key === 'y' && !isTextEntry(event.target)) {
        event.preventDefault();
        latest.current.redo();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
