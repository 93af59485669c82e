'use client';

import Box from '@mui/material/Box';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor } from '@tiptap/react';
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
    },
    onUpdate: ({ editor: current }) => onChangeRef.current(current.isEmpty ? '' : current.getHTML()),
  });
  const inserts = useEditorInserts({ editor });

  // A value set from outside (the form was reset or reloaded) replaces the content, silently.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const isSame = html === editor.getHTML() || (html === '' && editor.isEmpty);
    if (!isSame) editor.commands.setContent(html, { emitUpdate: false });
  }, [editor, html]);

  useEffect(() => {
    editor?.setEditable(!isDisabled);
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
