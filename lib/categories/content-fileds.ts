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

export type ContentFileds = {
  class: FieldDefinition[];
  list: FieldDefinition[];
  base_set: BaseSet;
  process: ProcessOption[];
};

const bad = (message: string) => new AppError({ code: ErrorCode.badRequest, message });

/** Validates the whole schema of a category; every refusal names the field. */
export const normaliseContentFileds = ({
  input,
  classType,
}: {
  input: TSaveClassInput['content_fileds'];
  classType: ClassType;
}): ContentFileds => {
  const list = validateDefinitions({ list: input.list });
  if (!list.ok) throw bad(`列表字段：${list.message}`);
  const single = validateDefinitions({ list: input.class });
  if (!single.ok) throw bad(`单页字段：${single.message}`);
  const seen = new Set<number>();
  for (const step of input.process) {
    if (seen.has(step.value)) throw bad(`流程步骤「${step.title}」的值 ${step.value} 重复`);
    seen.add(step.value);
  }
  if ((classType === '4' || classType === '5') && input.process.length === 0)
    throw bad('流程类栏目请至少添加一个流程步骤');
  return { class: single.fields, list: list.fields, base_set: input.base_set, process: input.process };
};

/** Reads a stored content_fileds, tolerating old or partial documents. */
export const readContentFileds = (stored: unknown): ContentFileds => {
  const value = (stored ?? {}) as Partial<ContentFileds>;
  return {
    class: Array.isArray(value.class) ? value.class : [],
    list: Array.isArray(value.list) ? value.list : [],
    base_set: { ...DEFAULT_BASE_SET, ...(value.base_set ?? {}) },
    process: Array.isArray(value.process) ? value.process : [],
  };
};
