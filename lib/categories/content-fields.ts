import type { FieldDefinition } from '@/lib/fields/definition';
import { validateDefinitions } from '@/lib/fields/validate-definitions';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import {
  DEFAULT_BASE_SET,
  type BaseSet,
  type ClassType,
  type ProcessOption,
  type TSaveClassInput,
} from './schemas';

export type ContentFields = {
  class: FieldDefinition[];
  list: FieldDefinition[];
  base_set: BaseSet;
  process: ProcessOption[];
};

/** The part of content_fileds a refusal is about (the category editor opens its tab). */
export type ContentFieldsPart = 'list' | 'class' | 'process';

export type ContentFieldsCheck =
  { ok: true; value: ContentFields } | { ok: false; message: string; part: ContentFieldsPart };

type ContentFieldsInput = { input: TSaveClassInput['content_fileds']; classType: ClassType };

/** Checks the whole schema of a category; every refusal names the field and says which part it is in. */
export const checkContentFields = ({ input, classType }: ContentFieldsInput): ContentFieldsCheck => {
  const list = validateDefinitions({ list: input.list });
  if (!list.ok) return { ok: false, message: `列表字段：${list.message}`, part: 'list' };
  const single = validateDefinitions({ list: input.class });
  if (!single.ok) return { ok: false, message: `单页字段：${single.message}`, part: 'class' };
  const seen = new Set<number>();
  for (const step of input.process) {
    if (seen.has(step.value))
      return { ok: false, message: `流程步骤「${step.title}」的值 ${step.value} 重复`, part: 'process' };
    seen.add(step.value);
  }
  if ((classType === '4' || classType === '5') && input.process.length === 0)
    return { ok: false, message: '流程类栏目请至少添加一个流程步骤', part: 'process' };
  return {
    ok: true,
    value: { class: single.fields, list: list.fields, base_set: input.base_set, process: input.process },
  };
};

/** The checked schema of a save, or a 400 with the first refusal's message. */
export const normaliseContentFields = (args: ContentFieldsInput): ContentFields => {
  const checked = checkContentFields(args);
  if (!checked.ok) throw new AppError({ code: ErrorCode.badRequest, message: checked.message });
  return checked.value;
};

/** Reads a stored content_fileds, tolerating old or partial documents. */
export const readContentFields = (stored: unknown): ContentFields => {
  const value = (stored ?? {}) as Partial<ContentFields>;
  return {
    class: Array.isArray(value.class) ? value.class : [],
    list: Array.isArray(value.list) ? value.list : [],
    base_set: { ...DEFAULT_BASE_SET, ...(value.base_set ?? {}) },
    process: Array.isArray(value.process) ? value.process : [],
  };
};
