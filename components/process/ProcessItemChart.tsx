'use client';

import { useMemo } from 'react';
import { FlowChartFrame } from './FlowChartFrame';
import type { FlowNode } from './flow-layout';
import { FlowLegend } from './FlowLegend';
import { formatMoment } from './format-process';
import { stepStates } from './step-state';
import { useItemProcess } from './use-item-process';

/** An item's 流程图: its steps as boxes, done / current / pending, each with its time; 保存为图片. */
export function ProcessItemChart({
  newsId,
  title,
  version,
}: {
  newsId: number;
  title: string;
  version: number;
}) {
  const { steps } = useItemProcess({ newsId, version });
  const nodes = useMemo<FlowNode[] | null>(() => {
    if (!steps) return null;
    const states = stepStates(steps);
    return steps.map((step, index) => ({
      key: String(step.id),
      title: step.content,
      detail: step.timestamp === null ? '未填写' : formatMoment(step.timestamp),
      state: states[index],
    }));
  }, [steps]);

  return (
    <FlowChartFrame
      nodes={nodes}
      label={`「${title}」的流程图`}
      loadingLabel="流程图加载中"
      filename={`${title || `内容${newsId}`}-流程图.png`}
      caption={<FlowLegend />}
    />
  );
}
