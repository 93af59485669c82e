'use client';

import { useMemo } from 'react';
import { ConfirmDialog } from '@/components/common/ConfirmDialog';
import type { ClassInfo } from '@/lib/categories/to-api';
import { useConfirm } from '@/components/news/use-confirm';
import type { ProcessStep } from '@/lib/process/process-types';
import { ProcessDrawer } from './ProcessDrawer';
import { ProcessOverviewDialog } from './ProcessOverviewDialog';
import { ProcessRecordDialog } from './ProcessRecordDialog';
import { ProcessTimelineDialog } from './ProcessTimelineDialog';
import { useProcessDelete } from './use-process-delete';
import type { ProcessPanelState } from './use-process-panel';

/** Every process view of a type 4/5 list: the timeline, the drawer, the record form, the overview and the delete question. */
export function ProcessLayer({ info, panel }: { info: ClassInfo; panel: ProcessPanelState }) {
  const { confirm, dialog } = useConfirm();
  const deleteRecord = useProcessDelete({ confirm, onDeleted: panel.changed });
  const steps = useMemo<ProcessStep[]>(
    () =>
      info.content_fileds.process.map((step) => ({ id: step.value, content: step.title, timestamp: null })),
    [info.content_fileds.process],
  );
  const newsId = panel.drawer?.item.id ?? 0;
  return (
    <>
      <ProcessTimelineDialog
        item={panel.timelineItem}
        version={panel.version}
        onClose={panel.closeTimeline}
        onFill={panel.fillStep}
      />
      <ProcessDrawer
        drawer={panel.drawer}
        hasChart={info.class_type === '5'}
        steps={steps}
        version={panel.version}
        onTab={panel.setDrawerTab}
        onClose={panel.closeDrawer}
        onAdd={(process) => panel.openForm({ mode: 'create', newsId, process, isStepFixed: false })}
        onEdit={(record) => panel.openForm({ mode: 'edit', newsId, record })}
        onDelete={deleteRecord}
      />
      <ProcessRecordDialog
        target={panel.formTarget}
        steps={steps}
        onClose={panel.closeForm}
        onSaved={panel.saved}
      />
      {info.class_type === '5' && (
        <ProcessOverviewDialog
          isOpen={panel.isOverviewOpen}
          classId={info.id}
          name={info.name}
          version={panel.version}
          onClose={panel.closeOverview}
        />
      )}
      <ConfirmDialog {...dialog} />
    </>
  );
}
