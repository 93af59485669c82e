import type { ComponentType } from 'react';
import type { FieldType } from '@/lib/fields/field-types';
import type { FieldCellProps } from './field-props';
import { ChildInfoCell } from './cells/ChildInfoCell';
import { ChoiceCell } from './cells/ChoiceCell';
import { ColorCell } from './cells/ColorCell';
import { DateCell } from './cells/DateCell';
import { DatetimeCell } from './cells/DatetimeCell';
import { OutAutoCell } from './cells/OutAutoCell';
import { PictureCell } from './cells/PictureCell';
import { TextCell } from './cells/TextCell';
import { VideoCell } from './cells/VideoCell';

/** The list-cell renderer of each field type (the client half of lib/fields/registry.ts). */
export const FIELD_CELLS = {
  auto: TextCell,
  out_auto: OutAutoCell,
  auto_back: TextCell,
  float: TextCell,
  int: TextCell,
  string: TextCell,
  mult_string: TextCell,
  select: ChoiceCell,
  mult_select: ChoiceCell,
  datetime: DatetimeCell,
  date: DateCell,
  img: PictureCell,
  html_editor: TextCell,
  color: ColorCell,
  one_picture: PictureCell,
  one_video: VideoCell,
  mult_pictures: PictureCell,
  child_info: ChildInfoCell,
} satisfies Record<FieldType, ComponentType<FieldCellProps>>;
