import 'server-only';
import type { FieldDefinition } from '@/lib/fields/definition';

// What a save writes, as the texts the 敏感词 check reads (check-text.ts screens them): a record's
// fields by their definitions, and single texts outside the field registry.

/**
 * One text a save writes, to be checked: where it is (`field`: the key, `staff.0.name` inside a
 * group row), its title for the editor, its value, and how to put a replaced value back.
 */
export type CheckTarget = {
  field: string;
  title: string;
  value: string;
  isRich: boolean;
  apply: (next: string) => void;
  /** The most characters the text may have once replaced (its column or field limit). */
  max?: number | null;
};

type Values = Record<string, unknown>;

const isOptionValue = (field: FieldDefinition, value: unknown) =>
  field.options.some((option) => String(option.value) === String(value));

/**
 * The texts of a record (an item's dynamic fields, a single page, a group row) by its definitions:
 * single- and multi-line text, rich text, the self-written values of a choice, and each row of a
 * group (child_info). `sanitise` is given when the values are raw input (check_sensitive), so rich
 * text is read as it would be saved.
 */
export const recordTargets = ({
  fields,
  values,
  path = '',
  titlePrefix = '',
  sanitise,
}: {
  fields: readonly FieldDefinition[];
  values: Values;
  path?: string;
  titlePrefix?: string;
  sanitise?: (html: string) => string;
}): CheckTarget[] => {
  const targets: CheckTarget[] = [];
  for (const field of fields) {
    const value = values[field.key];
    const key = `${path}${field.key}`;
    const title = `${titlePrefix}${field.title}`;
    switch (field.type) {
      case 'string':
      case 'mult_string':
        if (typeof value === 'string' || typeof value === 'number')
          targets.push({
            field: key,
            title,
            value: String(value),
            isRich: false,
            apply: (next) => (values[field.key] = next),
            max: field.max,
          });
        break;
      case 'html_editor':
        if (typeof value === 'string') {
          const html = sanitise ? sanitise(value) : value;
          targets.push({
            field: key,
            title,
            value: html,
            isRich: true,
            apply: (next) => (values[field.key] = next),
          });
        }
        break;
      case 'select':
        if (field.is_self_write && typeof value === 'string' && !isOptionValue(field, value))
          targets.push({
            field: key,
            title,
            value,
            isRich: false,
            apply: (next) => (values[field.key] = next),
          });
        break;
      case 'mult_select':
        if (field.is_self_write && Array.isArray(value))
          value.forEach((item, index) => {
            if (typeof item === 'string' && !isOptionValue(field, item))
              targets.push({
                field: key,
                title,
                value: item,
                isRich: false,
                apply: (next) => (value[index] = next),
              });
          });
        break;
      case 'child_info':
        if (Array.isArray(value))
          value.forEach((row, index) => {
            if (!row || typeof row !== 'object' || Array.isArray(row)) return;
            targets.push(
              ...recordTargets({
                fields: field.child_info,
                values: row as Values,
                path: `${key}.${index}.`,
                titlePrefix: `${title}第 ${index + 1} 行：`,
                sanitise,
              }),
            );
          });
        break;
      default:
        break;
    }
  }
  return targets;
};

/** A text of a save outside the field registry (a base column, a process record's title). */
export const textTarget = ({
  field,
  title,
  value,
  isRich = false,
  apply,
  max = null,
}: {
  field: string;
  title: string;
  value: string | null | undefined;
  isRich?: boolean;
  apply: (next: string) => void;
  max?: number | null;
}): CheckTarget[] =>
  typeof value === 'string' && value ? [{ field, title, value, isRich, apply, max }] : [];
