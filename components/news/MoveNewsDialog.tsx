'use client';

import FolderOutlined from '@mui/icons-material/FolderOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Box from '@mui/material/Box';
import { useId, useState } from 'react';
import { useMoveTargets } from './use-move-targets';

type MoveNewsDialogProps = {
  isOpen: boolean;
  count: number;
  classId: number;
  classType: string;
  onClose: () => void;
  /** Answers whether the move succeeded (the dialog then closes). */
  onMove: (options: { classId: number }) => Promise<boolean>;
  /** The 回收站 uses it to choose where items of a deleted category are restored to. */
  title?: string;
  description?: string;
};

/** 移动到…: choose a category of the same type; the chosen items move there. */
export function MoveNewsDialog({
  isOpen,
  count,
  classId,
  classType,
  onClose,
  onMove,
  title = '移动到…',
  description = `将选中的 ${count} 条内容移动到以下栏目（仅列出相同类型的栏目）：`,
}: MoveNewsDialogProps) {
  const id = useId();
  const { targets, isLoading } = useMoveTargets({ isOpen, classId, classType });
  const [chosen, setChosen] = useState<number | null>(null);
  const [isMoving, setIsMoving] = useState(false);

  const close = () => {
    if (isMoving) return;
    setChosen(null);
    onClose();
  };

  const move = async () => {
    if (chosen === null) return;
    setIsMoving(true);
    const isDone = await onMove({ classId: chosen });
    setIsMoving(false);
    if (isDone) {
      setChosen(null);
      onClose();
    }
  };

  return (
    <Dialog open={isOpen} onClose={close} maxWidth="xs" fullWidth aria-labelledby={`${id}-title`}>
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent dividers sx={{ minHeight: 160 }}>
        <DialogContentText sx={{ mb: 1 }}>{description}</DialogContentText>
        {isLoading && (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 3 }}>
            <CircularProgress size={28} aria-label="正在加载栏目" />
          </Box>
        )}
        {targets?.length === 0 && <Alert severity="info">没有其他相同类型的栏目。</Alert>}
        {targets && targets.length > 0 && (
          <List role="listbox" aria-label="目标栏目" dense sx={{ maxHeight: 320, overflow: 'auto', mx: -1 }}>
            {targets.map((target) => (
              <ListItemButton
                key={target.classId}
                role="option"
                aria-selected={chosen === target.classId}
                selected={chosen === target.classId}
                onClick={() => setChosen(target.classId)}
                onDoubleClick={move}
                sx={{ borderRadius: 1 }}
              >
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <FolderOutlined fontSize="small" />
                </ListItemIcon>
                <ListItemText
                  primary={target.title}
                  secondary={target.trail.length ? target.trail.join(' / ') : null}
                />
              </ListItemButton>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button
          variant="outlined"
          color="inherit"
          sx={{ borderColor: 'divider' }}
          onClick={close}
          disabled={isMoving}
        >
          取消
        </Button>
        <Button variant="contained" onClick={move} disabled={chosen === null} loading={isMoving}>
          确定
        </Button>
      </DialogActions>
    </Dialog>
  );
}
