'use client';

import type { ClassDraft, ClassTreeNode } from './category-types';
import { BaseSetEditor } from './BaseSetEditor';
import { ClassBasicForm } from './ClassBasicForm';
import { ContentFieldsJson } from './ContentFieldsJson';
import { isListType } from './editor-tabs';
import { FieldSchemaBuilder } from './FieldSchemaBuilder';
import { ProcessOptionsEditor } from './ProcessOptionsEditor';
import type { ClassEditorState } from './use-class-editor';
import type { EditorTab } from './validate-class-draft';

type ClassEditorPanelProps = {
  tab: EditorTab;
  draft: ClassDraft;
  editor: ClassEditorState;
  tree: readonly ClassTreeNode[];
};

/** The body of the editor's open tab. */
export function ClassEditorPanel({ tab, draft, editor, tree }: ClassEditorPanelProps) {
  const { update, check } = editor;
  // The live check's message, where its problem is: the admin reads the server's wording before saving.
  const messageFor = (target: EditorTab) => (check && !check.ok && check.tab === target ? check.message : '');

  if (tab === 'fields') {
    const kind = isListType(draft.class_type) ? 'list' : 'class';
    return (
      <FieldSchemaBuilder
        fields={draft[kind]}
        onChange={(fields) => update({ [kind]: fields })}
        hasListColumn={kind === 'list'}
        problem={messageFor('fields')}
        description={
          kind === 'list'
            ? '内容的自定义字段：可设为列表列（列表显示）或搜索条件。标题、副标题、简介、内容四个基础字段在「基础字段」中设置。'
            : '单页表单的字段，保存后即可在「内容管理」中填写该栏目的单页内容。'
        }
      />
    );
  }
  if (tab === 'base_set')
    return <BaseSetEditor value={draft.base_set} onChange={(base_set) => update({ base_set })} />;
  if (tab === 'process')
    return (
      <ProcessOptionsEditor
        steps={draft.process}
        onChange={(process) => update({ process })}
        problem={messageFor('process')}
      />
    );
  if (tab === 'json') return <ContentFieldsJson draft={draft} />;
  // Basic settings start blank on 新增: their message waits for the first 保存.
  return (
    <ClassBasicForm
      draft={draft}
      update={update}
      tree={tree}
      problem={editor.hasTriedSave ? messageFor('basic') : ''}
    />
  );
}
