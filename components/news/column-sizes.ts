import type { GridColDef } from '@mui/x-data-grid';
import type { FieldType } from '@/lib/fields/field-types';

type ColumnSize = Pick<GridColDef, 'width' | 'minWidth' | 'flex'>;

// Text grows with the table; pictures, times, numbers and chips take what they need.
const TEXT: ColumnSize = { flex: 1, minWidth: 100 };
const SIZES: Partial<Record<FieldType, ColumnSize>> = {
  auto: { width: 90 },
  int: { width: 110 },
  float: { width: 110 },
  select: { width: 110 },
  mult_select: { minWidth: 130, flex: 0.8 },
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
  isTitle ? { flex: 2, minWidth: 180 } : (SIZES[type] ?? TEXT);
