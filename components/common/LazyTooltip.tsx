'use client';

import type { TooltipProps } from '@mui/material/Tooltip';
import { cloneElement, useEffect, useId, type ComponentType, type ReactElement } from 'react';
import { createExternalStore } from '@/lib/client/external-store';
import { useExternalStore } from './use-external-store';

// MUI's Tooltip with Popper.js is ~11 KB gzip of the first screen, and no tooltip can show before
// the person moves the mouse, presses a key or touches the page. So the first screen draws each
// tooltip's child as the closed MUI Tooltip would (the same accessible name or title), and the
// first such interaction loads the real one, which then takes over.
//
// Taking over redraws the children, so it waits until no pointer or key is held (a click whose
// target is redrawn between press and release would be lost) and no menu, popup or dialog is open
// (one anchored to a redrawn element would lose its anchor), and gives focus back to the child that
// had it.

let RealTooltip: ComponentType<TooltipProps> | null = null;
const isLoaded = createExternalStore({ initial: false });
const TRIGGERS = ['pointermove', 'pointerdown', 'keydown', 'touchstart'] as const;
const MAX_ATTEMPTS = 3;
let attempts = 0;
let isArmed = false;
let isPressed = false;

// An open menu, list box or dialog (MUI mounts them only while open), or a popup button that is open.
const OPEN_POPUPS =
  '[aria-haspopup][aria-expanded="true"], [role="menu"], [role="listbox"], [role="dialog"], [role="alertdialog"]';

const isBusy = () => isPressed || document.querySelector(OPEN_POPUPS) !== null;

const takeOver = () => {
  if (isBusy()) {
    window.setTimeout(takeOver, 250);
    return;
  }
  const focused = document.activeElement?.closest('[data-lazy-tip]')?.getAttribute('data-lazy-tip');
  isLoaded.set(true);
  if (focused)
    requestAnimationFrame(() =>
      document
        .querySelector<HTMLElement>(`[data-lazy-tip="${CSS.escape(focused)}"]`)
        ?.focus({ preventScroll: true }),
    );
};

const listen = (isOn: boolean) =>
  TRIGGERS.forEach((type) =>
    isOn ? document.addEventListener(type, load, true) : document.removeEventListener(type, load, true),
  );

function load() {
  listen(false);
  attempts += 1;
  import('@mui/material/Tooltip')
    .then((module) => {
      RealTooltip = module.default;
      takeOver();
    })
    // Offline for a moment: a later interaction tries again, a few seconds on, a few times at most
    // (the stand-ins keep their names meanwhile; only the hover hint is missing).
    .catch(() => {
      if (attempts < MAX_ATTEMPTS) window.setTimeout(() => listen(true), 5000);
    });
}

const arm = () => {
  if (isArmed) return;
  isArmed = true;
  const press = () => (isPressed = true);
  const release = () => (isPressed = false);
  document.addEventListener('pointerdown', press, true);
  document.addEventListener('keydown', press, true);
  ['pointerup', 'pointercancel', 'keyup'].forEach((type) => document.addEventListener(type, release, true));
  listen(true);
};

/** A drop-in for @mui/material/Tooltip that loads it on the page's first interaction. */
export default function LazyTooltip(props: TooltipProps) {
  const hasReal = useExternalStore({ store: isLoaded, serverValue: false });
  const id = useId();
  useEffect(arm, []);
  const { title, describeChild, disableHoverListener, children } = props;
  const child = children as ReactElement<Record<string, unknown>>;
  if (hasReal && RealTooltip)
    return <RealTooltip {...props}>{cloneElement(child, { 'data-lazy-tip': id })}</RealTooltip>;
  const isText = typeof title === 'string';
  // What the closed MUI Tooltip gives its child (the child's own props win, as there).
  const closedProps = describeChild
    ? { title: isText && !disableHoverListener ? title : undefined }
    : { 'aria-label': isText ? title : undefined };
  return cloneElement(child, { ...closedProps, ...child.props, 'data-lazy-tip': id });
}
