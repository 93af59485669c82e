import type { FieldType } from '@/lib/fields/field-types';

/** A column's width in the content table: fixed, or at least `minWidth` and sharing what is left. */
export type ColumnSize = { width: number } | { minWidth: number };

// Text grows with the table; pictures, times, numbers and chips take what they need.
const TEXT: ColumnSize = { minWidth: 100 };
const SIZES: Partial<Record<FieldType, ColumnSize>> = {
  auto: { width: 90 },
  int: { width: 110 },
  float: { width: 110 },
  select: { width: 110 },
  mult_select: { minWidth: 130 },
  datetime: { width: 150 },
  date: { width: 120 },
  color: { width: 120 },
  img: { width: 90 },
  one_picture: { width: 90 },
  mult_pictures: { width: 160 },
  one_video: { width: 110 },
  out_auto: { width: 150 },
  auto_back: { width: 180 },
};

export const columnSize = ({ type, isTitle }: { type: FieldType; isTitle: boolean }): ColumnSize =>
  isTitle ? { minWidth: 180 } : (SIZES[type] ?? TEXT);

/** A cell's padding left and right (the table's cells use it). */
export const CELL_PADDING_PX = 12;

/**
 * Below this width the table scrolls sideways instead of squeezing its text columns: the columns'
 * widths without their padding, which the browser takes from the text columns' share first.
 */
export const tableMinWidth = (sizes: readonly ColumnSize[]) =>
  sizes.reduce((sum, size) => sum + ('width' in size ? size.width : size.minWidth), 48);
