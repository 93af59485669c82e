'use client';

import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState } from 'react';
import { FormDialogActions } from '@/components/common/FormDialogActions';
import { levelLabel } from '@/components/sensitive/hit-text';
import {
  SENSITIVE_LEVELS,
  SENSITIVE_NOTE_MAX,
  SENSITIVE_REPLACEMENT_MAX,
  SENSITIVE_WORD_MAX,
  type SensitiveLevel,
  type SensitiveList,
  type SensitiveWordRow,
} from '@/lib/sensitive/levels';
import { useSensitiveWordForm } from './use-sensitive-word-form';

const PHONE = '(max-width:599.95px)';

const LEVEL_HINTS: Record<SensitiveLevel, string> = {
  block: '含有它的内容不能保存',
  warn: '保存前需要编辑确认',
  replace: '保存时自动替换成「替换为」',
};

/** What the dialog edits: a new word of a list, or a word of it. */
export type WordDialogTarget = { list: SensitiveList; row: SensitiveWordRow | null };

type WordFormProps = {
  target: WordDialogTarget;
  titleId: string;
  onClose: () => void;
  onSaved: () => void;
};

function WordForm({ target, titleId, onClose, onSaved }: WordFormProps) {
  const id = useId();
  const formId = `${id}-form`;
  const { list, row } = target;
  const { draft, errors, isSaving, change, submit } = useSensitiveWordForm({ list, row, onSaved });
  const isDeny = list === 'deny';
  const length = [...draft.word.trim()].length;
  const title = `${row ? '编辑' : '新增'}${isDeny ? '敏感词' : '白名单词语'}`;
  return (
    <>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers>
        <Box
          component="form"
          id={formId}
          noValidate
          aria-labelledby={titleId}
          onSubmit={submit}
          sx={{ display: 'flex', flexDirection: 'column', gap: 2.5, pt: 0.5 }}
        >
          <TextField
            label="词语"
            required
            autoFocus
            autoComplete="off"
            value={draft.word}
            onChange={(event) => change('word', event.target.value)}
            error={Boolean(errors.word)}
            helperText={
              errors.word ??
              `${length} / ${SENSITIVE_WORD_MAX} 字；比对时忽略大小写、全半角、繁简、空格与标点`
            }
          />
          {isDeny && (
            <FormControl error={Boolean(errors.level)}>
              <FormLabel id={`${id}-level`} required>
                级别
              </FormLabel>
              <RadioGroup
                row
                aria-labelledby={`${id}-level`}
                value={draft.level ?? ''}
                onChange={(event) => change('level', event.target.value as SensitiveLevel)}
              >
                {SENSITIVE_LEVELS.map((level) => (
                  <FormControlLabel key={level} value={level} control={<Radio />} label={levelLabel(level)} />
                ))}
              </RadioGroup>
              <FormHelperText>{errors.level ?? (draft.level ? LEVEL_HINTS[draft.level] : '')}</FormHelperText>
            </FormControl>
          )}
          {isDeny && draft.level === 'replace' && (
            <TextField
              label="替换为"
              autoComplete="off"
              value={draft.replacement}
              onChange={(event) => change('replacement', event.target.value)}
              error={Boolean(errors.replacement)}
              helperText={
                errors.replacement ?? `留空则替换为与词语等长的 *（最多 ${SENSITIVE_REPLACEMENT_MAX} 字）`
              }
            />
          )}
          <TextField
            label="说明"
            multiline
            minRows={2}
            value={draft.note}
            onChange={(event) => change('note', event.target.value)}
            error={Boolean(errors.note)}
            helperText={
              errors.note ??
              (isDeny
                ? `编辑看到命中时的提示，如：应为"…"（最多 ${SENSITIVE_NOTE_MAX} 字）`
                : `为什么放行（最多 ${SENSITIVE_NOTE_MAX} 字）`)
            }
          />
        </Box>
      </DialogContent>
      <FormDialogActions formId={formId} onCancel={onClose} isSaving={isSaving} isUploading={false} />
    </>
  );
}

/** 新增 / 编辑 a word (敏感词: with its level and replacement; 白名单: the word and a note). */
export function SensitiveWordDialog({
  target,
  onClose,
  onSaved,
}: {
  target: WordDialogTarget | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const titleId = useId();
  const isPhone = useMediaQuery(PHONE);
  // The last target stays while the dialog fades out; each opening gets a fresh form.
  const [shown, setShown] = useState<{ target: WordDialogTarget; key: number } | null>(null);
  if (target !== null && target !== shown?.target) setShown({ target, key: (shown?.key ?? 0) + 1 });
  return (
    <Dialog
      open={target !== null}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={isPhone}
      aria-labelledby={titleId}
      slotProps={{ transition: { onExited: () => setShown(null) } }}
    >
      {shown && (
        <WordForm
          key={shown.key}
          target={shown.target}
          titleId={titleId}
          onClose={onClose}
          onSaved={onSaved}
        />
      )}
    </Dialog>
  );
}
