'use client';

import AttachFileRounded from '@mui/icons-material/AttachFileRounded';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import InsertLinkRounded from '@mui/icons-material/InsertLinkRounded';
import MovieOutlined from '@mui/icons-material/MovieOutlined';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useEditorState, type Editor } from '@tiptap/react';
import { Fragment, type ReactNode } from 'react';
import { readToolbarState, TOOLBAR_GROUPS } from './toolbar-actions';

type EditorToolbarProps = {
  editor: Editor;
  isDisabled: boolean;
  onLink: () => void;
  onInsert: (what: 'image' | 'video' | 'file') => void;
};

const INSERTS: { what: 'image' | 'video' | 'file'; label: string; icon: ReactNode }[] = [
  { what: 'image', label: '插入图片', icon: <ImageOutlined /> },
  { what: 'video', label: '插入视频', icon: <MovieOutlined /> },
  { what: 'file', label: '插入附件', icon: <AttachFileRounded /> },
];

function ToolButton({
  label,
  icon,
  isPressed,
  isDisabled,
  onClick,
}: {
  label: string;
  icon: ReactNode;
  isPressed?: boolean;
  isDisabled?: boolean;
  onClick: () => void;
}) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton
          size="small"
          aria-label={label}
          aria-pressed={isPressed}
          disabled={isDisabled}
          // Keeps the editor's selection: the command applies to what was selected.
          onMouseDown={(event) => event.preventDefault()}
          onClick={onClick}
          sx={{
            borderRadius: 1,
            color: isPressed ? 'primary.main' : 'text.secondary',
            bgcolor: isPressed ? 'action.selected' : undefined,
          }}
        >
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** Formatting, link and upload buttons above the rich-text area. */
export function EditorToolbar({ editor, isDisabled, onLink, onInsert }: EditorToolbarProps) {
  const state = useEditorState({ editor, selector: ({ editor: current }) => readToolbarState(current) });
  return (
    <Box
      role="toolbar"
      aria-label="富文本工具栏"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 0.25,
        px: 0.5,
        py: 0.5,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: 'background.subtle',
      }}
    >
      {TOOLBAR_GROUPS.map((group, index) => (
        <Fragment key={group[0].name}>
          {index > 0 && <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />}
          {group.map((action) => (
            <ToolButton
              key={action.name}
              label={action.label}
              icon={action.icon}
              isPressed={action.isActive ? Boolean(state[`${action.name}:active`]) : undefined}
              isDisabled={isDisabled || (action.isEnabled ? !state[`${action.name}:enabled`] : false)}
              onClick={() => action.run(editor)}
            />
          ))}
        </Fragment>
      ))}
      <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
      <ToolButton
        label="链接"
        icon={<InsertLinkRounded />}
        isPressed={Boolean(state.link)}
        isDisabled={isDisabled}
        onClick={onLink}
      />
      {INSERTS.map((insert) => (
        <ToolButton
          key={insert.what}
          label={insert.label}
          icon={insert.icon}
          isDisabled={isDisabled}
          onClick={() => onInsert(insert.what)}
        />
      ))}
    </Box>
  );
}
