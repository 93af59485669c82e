'use client';

import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { formatMoment } from './format-process';
import type { ProcessRecord, ProcessStep } from '@/lib/process/process-types';
import { stepStates } from './step-state';

type ProcessTimelineProps = {
  steps: readonly ProcessStep[] | null;
  latestByStep: ReadonlyMap<number, ProcessRecord>;
  onChoose: (index: number) => void;
};

/** An item's steps top to bottom: title, when it was done (or 未填写) and who filled it in; each opens its form. */
export function ProcessTimeline({ steps, latestByStep, onChoose }: ProcessTimelineProps) {
  if (steps === null)
    return (
      <Box role="status" aria-busy="true" aria-label="流程加载中" sx={{ display: 'grid', gap: 2, py: 1 }}>
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} variant="rounded" height={44} />
        ))}
      </Box>
    );
  if (steps.length === 0)
    return (
      <Typography role="status" sx={{ color: 'text.secondary', py: 4, textAlign: 'center' }}>
        该栏目没有流程步骤
      </Typography>
    );
  const states = stepStates(steps);
  const current = states.indexOf('current');
  return (
    <Stepper
      nonLinear
      orientation="vertical"
      activeStep={current < 0 ? steps.length : current}
      sx={{ p: 0, m: 0 }}
    >
      {steps.map((step, index) => {
        const who = latestByStep.get(step.id)?.created_by_name;
        const when = step.timestamp === null ? '未填写' : formatMoment(step.timestamp);
        return (
          <Step key={step.id} completed={states[index] === 'done'} data-state={states[index]}>
            <StepButton
              onClick={() => onChoose(index)}
              optional={
                <Typography
                  variant="caption"
                  component="span"
                  sx={{ color: 'text.secondary', display: 'block' }}
                >
                  <span data-testid="step-time">{when}</span>
                  {who && step.timestamp !== null && <span data-testid="step-who"> · {who}</span>}
                </Typography>
              }
              sx={{
                textAlign: 'left',
                borderRadius: 1,
                py: 1,
                '&:focus-visible': { bgcolor: 'action.focus' },
              }}
            >
              {step.content}
            </StepButton>
          </Step>
        );
      })}
    </Stepper>
  );
}
