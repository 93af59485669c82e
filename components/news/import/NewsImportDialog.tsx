'use client';

import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState } from 'react';
import type { ContentFields } from '@/lib/categories/content-fields';
import {
  ImportCheckStep,
  ImportProgressStep,
  ImportResultStep,
  needsSensitiveConfirm,
} from './ImportCheckStep';
import { ImportFileStep } from './ImportFileStep';
import { ImportMappingStep } from './ImportMappingStep';
import { useNewsImport, type ImportStage } from './use-news-import';

const PHONE = '(max-width:599.95px)';
const STEPS = ['选择文件', '对应字段', '预检', '导入'] as const;
const STEP_OF: Record<ImportStage, number> = { file: 0, mapping: 1, check: 2, running: 3, done: 3 };

type BodyProps = {
  classId: number;
  name: string;
  /** The category's fields: how the preview shows each value. */
  fields: ContentFields;
  titleId: string;
  onClose: () => void;
  onImported: () => void;
  /** The import is writing: the dialog must not close under it. */
  onRunningChange: (isRunning: boolean) => void;
};

function ImportBody({ classId, name, fields, titleId, onClose, onImported, onRunningChange }: BodyProps) {
  const isPhone = useMediaQuery(PHONE);
  const {
    stage,
    setStage,
    file,
    setFile,
    isBusy,
    answer,
    mapping,
    setMapping,
    key,
    setKey,
    onError,
    setOnError,
    allowRepeat,
    setAllowRepeat,
    sensitiveConfirmed,
    setSensitiveConfirmed,
    status,
    result,
    errorJob,
    toMapping,
    toCheck,
    commit,
  } = useNewsImport({ classId, onImported, onRunningChange });

  const needsConfirm = needsSensitiveConfirm(answer);
  const isBlocked = Boolean(answer && answer.errors_total > 0 && onError === 'all');
  const isRepeatBlocked = Boolean(answer?.repeat_of && !allowRepeat);

  return (
    <>
      <DialogTitle id={titleId}>导入内容到「{name}」</DialogTitle>
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {isPhone ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            第 {STEP_OF[stage] + 1} 步，共 {STEPS.length} 步：{STEPS[STEP_OF[stage]]}
          </Typography>
        ) : (
          <Stepper activeStep={stage === 'done' ? STEPS.length : STEP_OF[stage]} aria-label="导入步骤">
            {STEPS.map((label) => (
              <Step key={label}>
                <StepLabel>{label}</StepLabel>
              </Step>
            ))}
          </Stepper>
        )}

        {stage === 'file' && (
          <ImportFileStep classId={classId} name={name} file={file} isBusy={isBusy} onFile={setFile} />
        )}

        {stage === 'mapping' && answer && (
          <ImportMappingStep
            answer={answer}
            mapping={mapping}
            onMappingChange={setMapping}
            importKey={key}
            onKeyChange={setKey}
            onError={onError}
            onOnErrorChange={setOnError}
            isPhone={isPhone}
          />
        )}

        {stage === 'check' && answer && (
          <ImportCheckStep
            answer={answer}
            fields={fields}
            onError={onError}
            allowRepeat={allowRepeat}
            onAllowRepeatChange={setAllowRepeat}
            sensitiveConfirmed={sensitiveConfirmed}
            onSensitiveConfirmedChange={setSensitiveConfirmed}
            errorJob={errorJob}
            isBusy={isBusy}
          />
        )}

        {stage === 'running' && <ImportProgressStep status={status} />}

        {stage === 'done' && result && <ImportResultStep result={result} errorJob={errorJob} />}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5, flexWrap: 'wrap', gap: 1 }}>
        {stage === 'done' ? (
          <Button variant="contained" onClick={onClose}>
            完成
          </Button>
        ) : (
          <>
            <Button
              variant="outlined"
              color="inherit"
              sx={{ borderColor: 'divider' }}
              onClick={onClose}
              disabled={stage === 'running'}
            >
              取消
            </Button>
            {(stage === 'mapping' || stage === 'check') && (
              <Button
                variant="outlined"
                onClick={() => setStage(stage === 'check' ? 'mapping' : 'file')}
                disabled={isBusy}
              >
                上一步
              </Button>
            )}
            {stage === 'file' && (
              <Button variant="contained" onClick={() => void toMapping()} disabled={!file} loading={isBusy}>
                下一步
              </Button>
            )}
            {stage === 'mapping' && (
              <Button variant="contained" onClick={() => void toCheck()} loading={isBusy}>
                预检
              </Button>
            )}
            {stage === 'check' && (needsConfirm || allowRepeat) && (
              <Button variant="outlined" onClick={() => void toCheck()} loading={isBusy}>
                重新预检
              </Button>
            )}
            {stage === 'check' && (
              <Button
                variant="contained"
                onClick={() => void commit()}
                disabled={isBusy || isBlocked || isRepeatBlocked || answer?.valid === 0}
              >
                导入
              </Button>
            )}
          </>
        )}
      </DialogActions>
    </>
  );
}

/**
 * 导入 (issue 23): a file into the category in steps — choose the file (or drop it; 下载模板) →
 * map its columns to fields (filled in from the server's automatic / remembered mapping) → 预检
 * (the dry run: counts, every error by row and column, and a preview of the first rows as they would
 * be saved) → 导入 with a progress bar → the result, with 下载错误行. Full screen below 600 px.
 * The steps are ImportFileStep, ImportMappingStep and ImportCheckStep's parts.
 */
export function NewsImportDialog({
  classId,
  name,
  fields,
  isOpen,
  onClose,
  onImported,
}: {
  classId: number;
  name: string;
  /** The category's fields (ClassInfo.content_fileds). */
  fields: ContentFields;
  isOpen: boolean;
  onClose: () => void;
  onImported: () => void;
}) {
  const titleId = useId();
  const isPhone = useMediaQuery(PHONE);
  // A fresh dialog for each opening; the last one stays while the dialog fades out.
  const [opening, setOpening] = useState(0);
  const [wasOpen, setWasOpen] = useState(false);
  const [isRunning, setIsRunning] = useState(false);
  if (isOpen !== wasOpen) {
    setWasOpen(isOpen);
    if (isOpen) setOpening((count) => count + 1);
  }
  return (
    <Dialog
      open={isOpen}
      onClose={isRunning ? undefined : onClose}
      fullWidth
      maxWidth="md"
      fullScreen={isPhone}
      aria-labelledby={titleId}
    >
      <ImportBody
        key={opening}
        classId={classId}
        name={name}
        fields={fields}
        titleId={titleId}
        onClose={onClose}
        onImported={onImported}
        onRunningChange={setIsRunning}
      />
    </Dialog>
  );
}
