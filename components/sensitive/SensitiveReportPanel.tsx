'use client';

import CloseRounded from '@mui/icons-material/CloseRounded';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { useEffect, useRef } from 'react';
import { SENSITIVE_LEVELS, type SensitiveHit } from '@/lib/sensitive/levels';
import { levelLabel } from './hit-text';
import { SensitiveHitList } from './SensitiveHitList';
import type { SensitiveSaveState } from './use-sensitive-save';

const countsText = (hits: readonly SensitiveHit[]) =>
  SENSITIVE_LEVELS.map((level) => [level, hits.filter((hit) => hit.level === level).length] as const)
    .filter(([, count]) => count > 0)
    .map(([level, count]) => `${levelLabel(level)} ${count} 处`)
    .join('、');

const headOf = ({ kind, message, hits }: NonNullable<SensitiveSaveState['report']>) => {
  if (kind === 'blocked')
    return {
      severity: 'error' as const,
      title: `未保存：${message || '内容包含禁止使用的词语'}`,
      text: '请修改标出的文字后再保存；点击下面一条可定位到它所在的字段。',
    };
  if (kind === 'warn')
    return {
      severity: 'warning' as const,
      title: `未保存：${message || '内容包含需确认的词语'}`,
      text: '确认用词无误请点「确认保存」，或修改后再保存；点击下面一条可定位到它所在的字段。',
    };
  if (hits.length === 0)
    return {
      severity: 'success' as const,
      title: '未发现敏感词',
      text: '按当前的敏感词与白名单，可以保存。',
    };
  return {
    severity: hits.some((hit) => hit.level === 'block') ? ('error' as const) : ('info' as const),
    title: `检测到 ${hits.length} 处敏感词`,
    text: `${countsText(hits)}。保存时：禁止的词语不能保存，提醒的需要确认，替换的会自动替换。`,
  };
};

type SensitiveReportPanelProps = {
  sensitive: SensitiveSaveState;
  /** 确认保存 of a warn refusal: the host saves again with the confirmation. */
  onConfirm?: () => void;
  isSaving?: boolean;
};

/**
 * Under a form: what a refused save or 检测 found — a summary (确认保存 for warn words) and the hits,
 * each taking the user to its field. Focused when it appears, so the keyboard continues from here.
 */
export function SensitiveReportPanel({ sensitive, onConfirm, isSaving = false }: SensitiveReportPanelProps) {
  const { report, clear, focusHit } = sensitive;
  const panelRef = useRef<HTMLDivElement | null>(null);
  // A new report: the panel sits under the form, often below the fold. Scrolled to at once (a
  // smooth scroll was seen cut short right after a save) and focused, so the keyboard goes on here.
  useEffect(() => {
    if (!report) return;
    panelRef.current?.scrollIntoView({ block: 'nearest' });
    panelRef.current?.focus({ preventScroll: true });
  }, [report]);
  if (!report) return null;
  const head = headOf(report);
  return (
    <Box
      ref={panelRef}
      tabIndex={-1}
      role="region"
      aria-label="敏感词检测结果"
      sx={{
        mt: 1,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        overflow: 'hidden',
        scrollMarginBlock: 16,
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
      }}
    >
      <Alert
        severity={head.severity}
        sx={{ borderRadius: 0, '& .MuiAlert-action': { alignItems: 'flex-start' } }}
        action={
          <IconButton aria-label="关闭检测结果" size="small" color="inherit" onClick={clear}>
            <CloseRounded fontSize="small" />
          </IconButton>
        }
      >
        <AlertTitle>{head.title}</AlertTitle>
        {head.text}
        {report.kind === 'warn' && onConfirm && (
          <Box sx={{ mt: 1 }}>
            <Button color="warning" variant="contained" size="small" onClick={onConfirm} loading={isSaving}>
              确认保存
            </Button>
          </Box>
        )}
      </Alert>
      {report.hits.length > 0 && (
        <SensitiveHitList hits={report.hits} label="敏感词命中列表" onSelect={focusHit} />
      )}
    </Box>
  );
}
