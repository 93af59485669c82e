import type { Modifier } from '@dnd-kit/core';

/** Rows only move up and down (the @dnd-kit/modifiers package is not installed; this is its one-liner). */
export const restrictToVerticalAxis: Modifier = ({ transform }) => ({ ...transform, x: 0 });
