import { focusField } from '@/components/fields/form/focus-field';
import type { SensitiveHit } from '@/lib/sensitive/levels';

type HitPlace = Pick<SensitiveHit, 'field' | 'index' | 'length' | 'text'>;

/** Where the hit is in `text`: at its index if the text there is the hit's, else its first occurrence. */
const spanIn = (text: string, hit: HitPlace) => {
  if (text.slice(hit.index, hit.index + hit.length) === hit.text) return hit.index;
  return text.indexOf(hit.text);
};

/** Selects the hit in a rich-text editor: its text nodes read as one text, as the check reads it. */
const selectInEditable = (editable: HTMLElement, hit: HitPlace) => {
  const nodes: Text[] = [];
  const walker = document.createTreeWalker(editable, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
  const text = nodes.map((node) => node.data).join('');
  const start = spanIn(text, hit);
  if (start < 0) return;
  const locate = (offset: number) => {
    let rest = offset;
    for (const node of nodes) {
      if (rest <= node.data.length) return { node, offset: rest };
      rest -= node.data.length;
    }
    return null;
  };
  const from = locate(start);
  const to = locate(start + hit.text.length);
  if (!from || !to) return;
  const range = document.createRange();
  range.setStart(from.node, from.offset);
  range.setEnd(to.node, to.offset);
  const selection = window.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
};

/**
 * Takes the user to a hit: scrolls to its field, puts the cursor in it and selects the text hit
 * (a text box or the rich-text editor), so the word can be typed over at once.
 */
export const selectHit = ({ root, hit }: { root: HTMLElement | null; hit: HitPlace }) => {
  focusField({ root, path: hit.field });
  const slot = root?.querySelector<HTMLElement>(`[data-field-path="${CSS.escape(hit.field)}"]`);
  if (!slot) return;
  // The editor's toolbar comes first in its slot: the cursor goes into the text itself.
  const editable = slot.querySelector<HTMLElement>('[contenteditable="true"]');
  if (editable) {
    editable.focus({ preventScroll: true });
    selectInEditable(editable, hit);
    return;
  }
  const box = slot.querySelector<HTMLInputElement | HTMLTextAreaElement>(
    'textarea:not([aria-hidden="true"]), input[type="text"], input:not([type])',
  );
  if (!box || box.disabled) return;
  box.focus({ preventScroll: true });
  const start = spanIn(box.value, hit);
  if (start >= 0) box.setSelectionRange(start, start + hit.text.length);
};
