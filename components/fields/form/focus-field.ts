// What can take the keyboard inside a field: inputs, the editor, picker sections, buttons.
const FOCUSABLE = [
  'input:not([type="hidden"]):not([disabled]):not([aria-hidden="true"]):not([tabindex="-1"])',
  'textarea:not([disabled]):not([aria-hidden="true"])',
  '[contenteditable="true"]',
  '[role="spinbutton"]',
  'button:not([disabled])',
].join(',');

/** Scrolls to the field at `path` inside `root` and puts the cursor in it. */
export const focusField = ({ root, path }: { root: HTMLElement | null; path: string }) => {
  const slot = root?.querySelector<HTMLElement>(`[data-field-path="${CSS.escape(path)}"]`);
  if (!slot) return;
  slot.scrollIntoView({ block: 'center', behavior: 'smooth' });
  slot.querySelector<HTMLElement>(FOCUSABLE)?.focus({ preventScroll: true });
};
