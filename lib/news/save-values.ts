import 'server-only';
import type { FieldDefinition } from '@/lib/fields/definition';
import { buildStoredValues } from '@/lib/fields/server-values';
import { screenNewsSave } from '@/lib/sensitive/check-news';
import type { WordList } from '@/lib/sensitive/word-list';
import type { ListClass } from './load-class';
import { readBase, type BaseValues, type SaveActor } from './save-base';
import type { TSaveNewsInput } from './schemas';

/**
 * The one check of an item's values before they are written, shared by save_news_info (a create,
 * create-news.ts; an update, update-news.ts) and import_news (lib/news/import/): the base columns
 * (save-base.ts), the dynamic fields through the field registry (buildStoredValues: required
 * fields, lengths, options, files, rich text sanitised) and the 敏感词 check (a refusal throws
 * 40010 / 40011; replace hits are replaced in what it answers). Any refusal is an AppError whose
 * `data.field` (or `data.hits`) says where.
 *
 * `fields` narrows the dynamic fields that are read from `input` (an import's update changes only
 * its mapped columns: the others keep `previous`); server-assigned fields (auto, auto_back) are
 * always kept in. `base` reuses base values already read for this category version.
 */
export const checkNewsValues = async ({
  category,
  input,
  actor,
  list,
  previous,
  isCreate,
  fields = category.schema.list,
  base,
}: {
  category: ListClass;
  input: TSaveNewsInput;
  actor: SaveActor;
  list: WordList;
  previous: Record<string, unknown>;
  isCreate: boolean;
  fields?: readonly FieldDefinition[];
  base?: BaseValues;
}) => {
  const read: FieldDefinition[] =
    fields === category.schema.list
      ? category.schema.list
      : category.schema.list.filter(
          (field) => fields.includes(field) || field.type === 'auto' || field.type === 'auto_back',
        );
  return screenNewsSave({
    list,
    baseSet: category.schema.base_set,
    fields: read,
    base: base ?? readBase({ category, input, actor }),
    values: await buildStoredValues({ fields: read, raw: input, previous, isCreate, actorName: actor.name }),
    isConfirmed: input.sensitive_confirmed === true,
  });
};
