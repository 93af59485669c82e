'use client';

import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useMemo, useRef } from 'react';
import { ConfirmDialog } from '@/components/common/ConfirmDialog';
import { useConfirm } from '@/components/news/use-confirm';
import type { ClassInfo } from '@/lib/categories/to-api';
import type { RevisionSummary } from '@/lib/revisions/revision-types';
import { revisionSchema, type RevisionSubject } from './revision-fields';
import { RevisionCompare } from './RevisionCompare';
import { RevisionList } from './RevisionList';
import { useRevert } from './use-revert';
import { useRevisionPanel } from './use-revision-panel';

type RevisionPanelProps = {
  info: ClassInfo;
  subject: RevisionSubject;
  isLocked: boolean;
  isDirty: boolean;
  onReverted: () => void;
};

const NARROW = '(max-width:899.95px)';

/**
 * The drawer's body: the versions on the left and the chosen one's comparison on the right; below
 * 900 px one at a time (choosing a version shows its comparison, 返回 the list).
 */
export function RevisionPanel({ info, subject, isLocked, isDirty, onReverted }: RevisionPanelProps) {
  const { list, selected, select, diff } = useRevisionPanel({ subject });
  const schema = useMemo(() => revisionSchema({ info, kind: subject.kind }), [info, subject.kind]);
  const { confirm, dialog } = useConfirm();
  const { revert, isReverting } = useRevert({
    subject,
    isDirty,
    confirm,
    onReverted,
  });
  const isNarrow = useMediaQuery(NARROW);
  const heading = useRef<HTMLHeadingElement>(null);
  const listPane = useRef<HTMLDivElement>(null);
  // On a narrow screen the list gives way to the comparison: focus follows to its heading.
  const focusNext = useRef<'heading' | 'list' | null>(null);
  useEffect(() => {
    if (focusNext.current === 'heading') heading.current?.focus();
    if (focusNext.current === 'list' && selected === null)
      listPane.current?.querySelector<HTMLElement>('[aria-current="true"], [role="button"]')?.focus();
    focusNext.current = null;
  });
  const choose = (revision: RevisionSummary) => {
    if (isNarrow) focusNext.current = 'heading';
    select(revision);
  };
  const back = () => {
    focusNext.current = 'list';
    select(null);
  };

  return (
    <Box
      sx={{
        flex: 1,
        minHeight: 0,
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '320px minmax(0, 1fr)' },
      }}
    >
      <Box
        ref={listPane}
        sx={{
          display: { xs: selected ? 'none' : 'block', md: 'block' },
          p: 2,
          overflowY: 'auto',
          borderRight: { md: 1 },
          borderColor: { md: 'divider' },
        }}
      >
        <RevisionList schema={schema} list={list} selected={selected?.rev ?? null} onSelect={choose} />
      </Box>
      <Box
        sx={{
          display: { xs: selected ? 'block' : 'none', md: 'block' },
          p: { xs: 2, md: 2.5 },
          overflowY: 'auto',
        }}
      >
        <RevisionCompare
          schema={schema}
          revision={selected}
          state={diff.state}
          headingRef={heading}
          isLocked={isLocked}
          isReverting={isReverting}
          onRetry={diff.retry}
          onBack={back}
          onRevert={() => selected && revert(selected)}
        />
      </Box>
      <ConfirmDialog {...dialog} />
    </Box>
  );
}
