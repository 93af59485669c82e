'use client';

import Box from '@mui/material/Box';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef, useState } from 'react';
import { fieldId, type FieldWidgetProps } from '../field-props';
import { FieldFrame } from '../primitives/FieldFrame';
import { asText } from '../primitives/read-value';
import { UploadProgressList } from '../primitives/UploadProgressList';
import { EditorToolbar } from './EditorToolbar';
import { LinkDialog } from './LinkDialog';
import { useEditorInserts, type InsertKind } from './use-editor-inserts';
import { Video } from './video-node';

// The rich-text editor is 450 px high.
const EDITOR_HEIGHT = 450;
const INSERT_KINDS: InsertKind[] = ['image', 'video', 'file'];

/** The value the editor reports for its document: HTML, '' when empty. */
const outputOf = (editor: Editor) => (editor.isEmpty ? '' : editor.getHTML());

/**
 * A value given from outside and what the editor made of it. Tiptap rewrites HTML it loads (text
 * outside <p>, <b> → <strong>, attributes and whitespace, a trailing paragraph): that rewrite is
 * not an edit, so while the document is still `output` the editor reports `value`, unchanged.
 */
type Baseline = { editor: Editor; value: string; output: string };

/** html_editor: Tiptap with a toolbar; the value is HTML, sanitised by the server on save. */
export function RichTextEditor({
  field,
  path,
  value,
  onChange,
  error,
  isDisabled = false,
}: FieldWidgetProps) {
  const html = asText(value);
  const id = fieldId({ path });
  // Tiptap keeps the first onUpdate it was given; the ref lets it reach the current onChange.
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  const [linkUrl, setLinkUrl] = useState<string | null>(null);
  const baselineRef = useRef<Baseline | null>(null);

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3] },
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https' },
      }),
      Image,
      Video,
    ],
    content: html,
    editable: !isDisabled,
    immediatelyRender: false,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': `${id}-label`,
        ...(error ? { 'aria-invalid': 'true' } : {}),
      },
      // Ctrl/⌘+Enter belongs to the form around the editor (the 内容 dialog saves with it): it is
      // not a line break here (Shift+Enter still is), and it goes on up to the dialog.
      handleKeyDown: (_view, event) => event.key === 'Enter' && (event.ctrlKey || event.metaKey),
    },
    // Only document changes reach here (typing, the toolbar, inserts, undo). Back at the
    // baseline's document, the field's value is the one it was given, so the form sees no change.
    onUpdate: ({ editor: current }) => {
      const output = outputOf(current);
      const baseline = baselineRef.current;
      const isBaseline = baseline?.editor === current && output === baseline.output;
      onChangeRef.current(isBaseline ? baseline.value : output);
    },
  });
  const inserts = useEditorInserts({ editor });

  // The value given first, and any set from outside later (the form was reset or reloaded), is
  // loaded silently and becomes the baseline; the editor's own reports come back here unchanged.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const baseline = baselineRef.current?.editor === editor ? baselineRef.current : null;
    const output = outputOf(editor);
    if (baseline && (html === output || (html === baseline.value && output === baseline.output))) return;
    // A later value replaces the content. The first one is in already (the editor was created from
    // it); set again only when it reads differently, in case it changed before the editor existed.
    // Loading is not a step 撤销 can take back.
    if (baseline || html !== output)
      editor.chain().setMeta('addToHistory', false).setContent(html, { emitUpdate: false }).run();
    // One silent transaction lets plugins finish the document now (the trailing paragraph is
    // added on the first transaction), so a first click is not taken for an edit.
    editor.view.dispatch(editor.state.tr.setMeta('preventUpdate', true).setMeta('addToHistory', false));
    baselineRef.current = { editor, value: html, output: outputOf(editor) };
  }, [editor, html]);

  // Not an edit: no update event (Tiptap sends one by default, with the document unchanged).
  useEffect(() => {
    editor?.setEditable(!isDisabled, false);
  }, [editor, isDisabled]);

  const openLink = () => editor && setLinkUrl(String(editor.getAttributes('link').href ?? ''));

  return (
    <FieldFrame
      field={field}
      path={path}
      error={error}
      hint="图片不超过 10 MB（png、jpg、gif、bmp、webp），视频 mp4，附件不超过 20 MB"
    >
      <Box
        sx={{
          border: 1,
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 1,
          overflow: 'hidden',
          bgcolor: 'background.paper',
          '&:focus-within': { borderColor: error ? 'error.main' : 'primary.main' },
        }}
      >
        {editor && (
          <EditorToolbar editor={editor} isDisabled={isDisabled} onLink={openLink} onInsert={inserts.open} />
        )}
        <Box
          sx={{
            height: EDITOR_HEIGHT,
            overflowY: 'auto',
            cursor: 'text',
            '& .tiptap': { minHeight: '100%', p: 1.5, outline: 'none', boxSizing: 'border-box' },
            '& .tiptap p': { my: 0.75 },
            '& .tiptap img, & .tiptap video': { maxWidth: '100%', height: 'auto', display: 'block', my: 1 },
            '& .tiptap img.ProseMirror-selectednode, & .tiptap video.ProseMirror-selectednode': {
              outline: 2,
              outlineStyle: 'solid',
              outlineColor: 'primary.main',
            },
            '& .tiptap blockquote': {
              borderLeft: 4,
              borderColor: 'divider',
              m: 0,
              pl: 2,
              color: 'text.secondary',
            },
            '& .tiptap a': { color: 'primary.main' },
          }}
          onClick={() => editor?.commands.focus()}
        >
          <EditorContent editor={editor} />
        </Box>
      </Box>
      {INSERT_KINDS.map((kind) => (
        <input key={kind} {...inserts.inputProps(kind)} />
      ))}
      <UploadProgressList tasks={inserts.tasks} />
      {linkUrl !== null && editor && (
        <LinkDialog
          initialUrl={linkUrl}
          onClose={() => {
            setLinkUrl(null);
            editor.commands.focus();
          }}
          onRemove={() => {
            editor.chain().focus().extendMarkRange('link').unsetLink().run();
            setLinkUrl(null);
          }}
          onApply={(url) => {
            editor.chain().focus().extendMarkRange('link').setLink({ href: url }).run();
            // Typing on must not overwrite the linked text, which the command left selected.
            editor.commands.setTextSelection(editor.state.selection.to);
            setLinkUrl(null);
          }}
        />
      )}
    </FieldFrame>
  );
}
