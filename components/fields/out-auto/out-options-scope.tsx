'use client';

import { createContext, useContext, type ReactNode } from 'react';
import type { FieldDefinition } from '@/lib/fields/definition';
import { scopedOutUrl } from './out-options';

// The category whose items (or single page) the out_auto widgets, cells and search inputs below
// belong to: their option requests name it and the field, so an editor limited to this category
// can read the options of a relation to another one (news_manage/get_out_options).
const OutOptionsScopeContext = createContext<number | null>(null);

export function OutOptionsScope({ classId, children }: { classId: number; children: ReactNode }) {
  return <OutOptionsScopeContext.Provider value={classId}>{children}</OutOptionsScopeContext.Provider>;
}

/** The url an out_auto field asks for its options, with the category and field it is asked for. */
export const useOutOptionsUrl = ({ field }: { field: FieldDefinition }) =>
  scopedOutUrl({ url: field.url, classId: useContext(OutOptionsScopeContext), fieldKey: field.key });
