'use client';

import Skeleton from '@mui/material/Skeleton';
import dynamic from 'next/dynamic';

/** html_editor: Tiptap is heavy, so it loads only when a form has a rich-text field. */
export const HtmlEditorWidget = dynamic(
  () => import('../editor/RichTextEditor').then((module) => module.RichTextEditor),
  {
    ssr: false,
    loading: () => <Skeleton variant="rounded" height={500} aria-label="编辑器加载中" />,
  },
);
