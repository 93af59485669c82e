'use client';

import type { Editor } from '@tiptap/react';
import { useRef } from 'react';
import type { UploadKind } from '@/lib/uploads/kinds';
import { acceptOf } from '../upload/check-file';
import { useFileUploads } from '../upload/use-file-uploads';

export type InsertKind = 'image' | 'video' | 'file';

const KINDS: Record<InsertKind, UploadKind> = {
  image: 'editor_image',
  video: 'editor_video',
  file: 'editor_file',
};
export const INSERT_LABELS: Record<InsertKind, string> = {
  image: '插入图片文件',
  video: '插入视频文件',
  file: '插入附件文件',
};

/** Image, video and attachment insertion: pick a file, upload it with its kind's rules, put it at the cursor. */
export const useEditorInserts = ({ editor }: { editor: Editor | null }) => {
  const image = useFileUploads({ kind: KINDS.image });
  const video = useFileUploads({ kind: KINDS.video });
  const file = useFileUploads({ kind: KINDS.file });
  const inputs = useRef<Partial<Record<InsertKind, HTMLInputElement | null>>>({});

  const insert = async ({ what, picked }: { what: InsertKind; picked: File }) => {
    const uploader = { image, video, file }[what];
    const url = await uploader.upload({ file: picked });
    if (!url || !editor || editor.isDestroyed) return;
    const content =
      what === 'image'
        ? { type: 'image', attrs: { src: url, alt: picked.name } }
        : what === 'video'
          ? { type: 'video', attrs: { src: url } }
          : [
              {
                type: 'text',
                text: picked.name,
                marks: [{ type: 'link', attrs: { href: url, target: '_blank' } }],
              },
              { type: 'text', text: ' ' },
            ];
    // At the end of the selection, never over it: an upload must not replace the text (or the
    // picture just inserted, which stays selected) that happened to be selected when it finished.
    editor.chain().focus().insertContentAt(editor.state.selection.to, content).run();
  };

  return {
    tasks: [...image.tasks, ...video.tasks, ...file.tasks],
    open: (what: InsertKind) => inputs.current[what]?.click(),
    inputProps: (what: InsertKind) => ({
      ref: (node: HTMLInputElement | null) => {
        inputs.current[what] = node;
      },
      type: 'file' as const,
      hidden: true,
      accept: acceptOf({ kind: KINDS[what] }),
      'aria-label': INSERT_LABELS[what],
      onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
        const picked = event.target.files?.[0];
        event.target.value = '';
        if (picked) void insert({ what, picked });
      },
    }),
  };
};
