import FormatBoldRounded from '@mui/icons-material/FormatBoldRounded';
import FormatItalicRounded from '@mui/icons-material/FormatItalicRounded';
import FormatListBulletedRounded from '@mui/icons-material/FormatListBulletedRounded';
import FormatListNumberedRounded from '@mui/icons-material/FormatListNumberedRounded';
import FormatQuoteRounded from '@mui/icons-material/FormatQuoteRounded';
import LooksOneOutlined from '@mui/icons-material/LooksOneOutlined';
import LooksTwoOutlined from '@mui/icons-material/LooksTwoOutlined';
import Looks3Outlined from '@mui/icons-material/Looks3Outlined';
import RedoRounded from '@mui/icons-material/RedoRounded';
import StrikethroughSRounded from '@mui/icons-material/StrikethroughSRounded';
import UndoRounded from '@mui/icons-material/UndoRounded';
import type { Editor } from '@tiptap/react';
import type { ReactNode } from 'react';

export type ToolbarState = Record<string, boolean>;

type ToolbarAction = {
  name: string;
  label: string;
  icon: ReactNode;
  run: (editor: Editor) => void;
  /** Pressed state (bold, heading …); absent for one-off commands. */
  isActive?: (editor: Editor) => boolean;
  isEnabled?: (editor: Editor) => boolean;
};

const heading = (level: 1 | 2 | 3, icon: ReactNode): ToolbarAction => ({
  name: `h${level}`,
  label: `标题 ${level}`,
  icon,
  run: (editor) => editor.chain().focus().toggleHeading({ level }).run(),
  isActive: (editor) => editor.isActive('heading', { level }),
});

/** The formatting buttons, in toolbar order; groups are separated by a divider. */
export const TOOLBAR_GROUPS: ToolbarAction[][] = [
  [
    {
      name: 'bold',
      label: '加粗',
      icon: <FormatBoldRounded />,
      run: (e) => e.chain().focus().toggleBold().run(),
      isActive: (e) => e.isActive('bold'),
    },
    {
      name: 'italic',
      label: '斜体',
      icon: <FormatItalicRounded />,
      run: (e) => e.chain().focus().toggleItalic().run(),
      isActive: (e) => e.isActive('italic'),
    },
    {
      name: 'strike',
      label: '删除线',
      icon: <StrikethroughSRounded />,
      run: (e) => e.chain().focus().toggleStrike().run(),
      isActive: (e) => e.isActive('strike'),
    },
  ],
  [heading(1, <LooksOneOutlined />), heading(2, <LooksTwoOutlined />), heading(3, <Looks3Outlined />)],
  [
    {
      name: 'bullet',
      label: '无序列表',
      icon: <FormatListBulletedRounded />,
      run: (e) => e.chain().focus().toggleBulletList().run(),
      isActive: (e) => e.isActive('bulletList'),
    },
    {
      name: 'ordered',
      label: '有序列表',
      icon: <FormatListNumberedRounded />,
      run: (e) => e.chain().focus().toggleOrderedList().run(),
      isActive: (e) => e.isActive('orderedList'),
    },
    {
      name: 'quote',
      label: '引用',
      icon: <FormatQuoteRounded />,
      run: (e) => e.chain().focus().toggleBlockquote().run(),
      isActive: (e) => e.isActive('blockquote'),
    },
  ],
  [
    {
      name: 'undo',
      label: '撤销',
      icon: <UndoRounded />,
      run: (e) => e.chain().focus().undo().run(),
      isEnabled: (e) => e.can().undo(),
    },
    {
      name: 'redo',
      label: '重做',
      icon: <RedoRounded />,
      run: (e) => e.chain().focus().redo().run(),
      isEnabled: (e) => e.can().redo(),
    },
  ],
];

/** What the toolbar shows for the current selection, read in one pass per editor change. */
export const readToolbarState = (editor: Editor): ToolbarState => {
  const state: ToolbarState = { link: editor.isActive('link') };
  for (const action of TOOLBAR_GROUPS.flat()) {
    if (action.isActive) state[`${action.name}:active`] = action.isActive(editor);
    if (action.isEnabled) state[`${action.name}:enabled`] = action.isEnabled(editor);
  }
  return state;
};
