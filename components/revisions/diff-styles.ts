// The marks of a comparison: what only the chosen version has (red, struck through) and what only
// the current state has (green, underlined). Both keep a contrast of at least 4.5:1 on their ground,
// and the line sits low enough not to cross Chinese characters' strokes where it matters. The
// colours are the theme's `diff` tokens (components/providers/app-theme.ts), light and dark.

export const REMOVED_SX = {
  bgcolor: 'diff.removedBg',
  color: 'diff.removedText',
  textDecoration: 'line-through',
  textDecorationThickness: '1px',
  textDecorationColor: 'var(--mui-palette-diff-removedLine)',
  borderRadius: '2px',
} as const;

export const ADDED_SX = {
  bgcolor: 'diff.addedBg',
  color: 'diff.addedText',
  textDecoration: 'underline',
  textUnderlineOffset: '3px',
  textDecorationThickness: '1px',
  borderRadius: '2px',
} as const;

/** What the two sides are called everywhere in the comparison. */
export const SIDE_LABELS = { before: '此版本', after: '当前' } as const;
