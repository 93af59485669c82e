import type { ComponentType } from 'react';
import type { FieldType } from '@/lib/fields/field-types';
import type { FieldWidgetProps } from './field-props';
import { AutoBackWidget } from './widgets/AutoBackWidget';
import { AutoWidget } from './widgets/AutoWidget';
import { ChildInfoWidget } from './widgets/ChildInfoWidget';
import { ColorWidget } from './widgets/ColorWidget';
import { DatetimeWidget } from './widgets/DatetimeWidget';
import { DateWidget } from './widgets/DateWidget';
import { HtmlEditorWidget } from './widgets/HtmlEditorWidget';
import { MultPicturesWidget } from './widgets/MultPicturesWidget';
import { MultSelectWidget } from './widgets/MultSelectWidget';
import { NumberWidget } from './widgets/NumberWidget';
import { OutAutoWidget } from './widgets/OutAutoWidget';
import { PictureWidget } from './widgets/PictureWidget';
import { SelectWidget } from './widgets/SelectWidget';
import { StringWidget } from './widgets/StringWidget';
import { VideoWidget } from './widgets/VideoWidget';

/** The form widget of each field type (the client half of lib/fields/registry.ts). */
export const FIELD_WIDGETS = {
  auto: AutoWidget,
  out_auto: OutAutoWidget,
  auto_back: AutoBackWidget,
  float: NumberWidget,
  int: NumberWidget,
  string: StringWidget,
  mult_string: StringWidget,
  select: SelectWidget,
  mult_select: MultSelectWidget,
  datetime: DatetimeWidget,
  date: DateWidget,
  img: PictureWidget,
  html_editor: HtmlEditorWidget,
  color: ColorWidget,
  one_picture: PictureWidget,
  one_video: VideoWidget,
  mult_pictures: MultPicturesWidget,
  child_info: ChildInfoWidget,
} satisfies Record<FieldType, ComponentType<FieldWidgetProps>>;
