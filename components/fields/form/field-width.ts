// field.style is free text from the schema builder; only a plain width is honoured ('50%',
// '320px', 'width: 50%'), anything else would let a schema restyle the admin screen.
const WIDTH = /^\s*(?:width\s*:\s*)?(\d{1,4}(?:\.\d+)?)(%|px)\s*;?\s*$/i;

/** The CSS width a field asks for, or null for the full row. */
export const fieldWidth = ({ style }: { style: string }): string | null => {
  const match = WIDTH.exec(style ?? '');
  if (!match) return null;
  const size = Number(match[1]);
  if (match[2] === '%') return size > 0 && size < 100 ? `${size}%` : null;
  return size > 0 ? `${size}px` : null;
};
