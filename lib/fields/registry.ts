import type { FieldType } from './field-types';
import type { FieldTypeDefinition } from './type-definition';
import { colorField } from './types/color';
import { multSelectField, outAutoField, selectField } from './types/choice';
import { childInfoField } from './types/group';
import { imgField, multPicturesField, onePictureField, oneVideoField } from './types/media';
import { floatField, intField } from './types/number';
import { htmlEditorField } from './types/rich';
import { autoBackField, autoField } from './types/server-assigned';
import { multStringField, stringField } from './types/text';
import { dateField, datetimeField } from './types/time';

/** THE field-type registry: the compiler refuses it if any of the 18 types is missing. */
export const fieldTypes = {
  auto: autoField,
  out_auto: outAutoField,
  auto_back: autoBackField,
  float: floatField,
  int: intField,
  string: stringField,
  mult_string: multStringField,
  select: selectField,
  mult_select: multSelectField,
  datetime: datetimeField,
  date: dateField,
  img: imgField,
  html_editor: htmlEditorField,
  color: colorField,
  one_picture: onePictureField,
  one_video: oneVideoField,
  mult_pictures: multPicturesField,
  child_info: childInfoField,
} satisfies { [K in FieldType]: FieldTypeDefinition<K> };

export const fieldTypeOf = (type: FieldType): FieldTypeDefinition => fieldTypes[type];
