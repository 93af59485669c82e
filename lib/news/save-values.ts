import 'server-only';
import type { FieldDefinition } from '@/lib/fields/definition';
import { buildStoredValues } from '@/lib/fields/server-values';
import { newsTargets, screenNewsSave } from '@/lib/sensitive/check-news';
import { savedItemWords } from '@/lib/sensitive/item-hits';
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
 *
 * `words`: the listed words the item holds once written (lib/sensitive/item-hits.ts), for the
 * 首页 — the warn words confirmed, and the hits of what an update keeps from `row` unchecked (a base
 * text the call left out, the fields an import did not map).
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
  row,
}: {
  category: ListClass;
  input: TSaveNewsInput;
  actor: SaveActor;
  list: WordList;
  previous: Record<string, unknown>;
  isCreate: boolean;
  fields?: readonly FieldDefinition[];
  base?: BaseValues;
  /** An update's stored texts (what a base column left out keeps). */
  row?: { short_title: string; intro: string; content: string };
}) => {
  const read: FieldDefinition[] =
    fields === category.schema.list
      ? category.schema.list
      : category.schema.list.filter(
          (field) => fields.includes(field) || field.type === 'auto' || field.type === 'auto_back',
        );
  const checked = screenNewsSave({
    list,
    baseSet: category.schema.base_set,
    fields: read,
    base: base ?? readBase({ category, input, actor }),
    values: await buildStoredValues({ fields: read, raw: input, previous, isCreate, actorName: actor.name }),
    isConfirmed: input.sensitive_confirmed === true,
  });
  const unread =
    read === category.schema.list ? [] : category.schema.list.filter((field) => !read.includes(field));
  const kept =
    list.matcher && (row || unread.length > 0)
      ? newsTargets({
          baseSet: category.schema.base_set,
          fields: unread,
          base: {
            title: '',
            shortTitle: checked.base.shortTitle === undefined ? row?.short_title : undefined,
            intro: checked.base.intro === undefined ? row?.intro : undefined,
            content: checked.base.content === undefined ? row?.content : undefined,
          },
          values: checked.values,
        })
      : [];
  return { ...checked, words: savedItemWords({ list, screened: checked.screened, kept }) };
};
