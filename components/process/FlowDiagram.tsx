'use client';

import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { LIGHT_FLOW, type FlowColors } from '@/components/providers/app-theme';
import { useId, useMemo, type Ref } from 'react';
import { isColumnLayout, layoutFlow, type FlowNode, type FlowNodeState } from './flow-layout';
import { useElementWidth } from './use-element-width';

// Inline, so the saved picture (drawn without the page's CSS) uses the same fonts.
const FONT = "'PingFang SC','Microsoft YaHei','WenQuanYi Micro Hei','Noto Sans CJK SC',sans-serif";
const STATE_TEXT: Record<FlowNodeState, string> = {
  done: '已完成',
  current: '进行中',
  pending: '未开始',
  plain: '',
};

type FlowDiagramProps = {
  nodes: readonly FlowNode[];
  /** `labels[i]` is written on the arrow from box i to box i + 1. */
  labels?: readonly string[];
  label: string;
  svgRef?: Ref<SVGSVGElement>;
};

/** Fits `text` into `max` characters (CJK glyphs count double a Latin one), with an ellipsis. */
const clip = (text: string, max: number) => {
  let used = 0;
  let out = '';
  for (const char of text) {
    used += char.charCodeAt(0) > 255 ? 2 : 1;
    if (used > max) return `${out}…`;
    out += char;
  }
  return out;
};

/**
 * A colour of the drawing as the CSS variable of the theme's scheme (light or dark on screen), with
 * the light value as its fallback: the saved picture is the <svg> alone, where no variable is set,
 * so it always comes out light on white.
 */
const flow = (key: keyof FlowColors) => `var(--mui-palette-flow-${key}, ${LIGHT_FLOW[key]})`;
const paletteVar = (name: string, fallback: string) => `var(--mui-palette-${name}, ${fallback})`;

/** Boxes and arrows in plain SVG, wrapping into rows, or one column when narrow; each box coloured by its state. */
export function FlowDiagram({ nodes, labels = [], label, svgRef }: FlowDiagramProps) {
  const theme = useTheme();
  const markerId = `${useId().replace(/:/g, '')}-arrow`;
  const { ref, width } = useElementWidth<HTMLDivElement>({ initial: 720 });
  const layout = useMemo(() => layoutFlow({ nodes, labels, width }), [nodes, labels, width]);
  const isColumn = isColumnLayout(layout);
  const { palette } = theme;
  const primary = paletteVar('primary-main', palette.primary.main);
  const looks: Record<FlowNodeState, { fill: string; stroke: string; text: string; dash?: string }> = {
    done: {
      fill: flow('doneFill'),
      stroke: paletteVar('success-main', palette.success.main),
      text: flow('doneText'),
    },
    current: {
      fill: flow('currentFill'),
      stroke: primary,
      text: `var(--mui-palette-flow-currentText, ${palette.primary.dark})`,
    },
    pending: {
      fill: flow('pendingFill'),
      stroke: flow('pendingStroke'),
      text: flow('pendingText'),
      dash: '5 4',
    },
    plain: {
      fill: flow('plainFill'),
      stroke: primary,
      text: paletteVar('text-primary', palette.text.primary),
    },
  };
  return (
    <Box ref={ref} sx={{ width: '100%', overflowX: 'auto' }}>
      <svg
        ref={svgRef}
        xmlns="http://www.w3.org/2000/svg"
        role="img"
        aria-label={label}
        width={layout.width}
        height={layout.height}
        viewBox={`0 0 ${layout.width} ${layout.height}`}
        fontFamily={FONT}
        style={{ display: 'block' }}
      >
        <defs>
          <marker
            id={markerId}
            viewBox="0 0 10 10"
            refX="9"
            refY="5"
            markerWidth="8"
            markerHeight="8"
            orient="auto"
          >
            <path d="M0,0 L10,5 L0,10 z" style={{ fill: flow('arrow') }} />
          </marker>
        </defs>
        <rect width={layout.width} height={layout.height} style={{ fill: flow('canvas') }} />
        {layout.edges.map((edge) => (
          <g key={edge.key}>
            <path
              d={edge.path}
              fill="none"
              style={{ stroke: flow('arrow') }}
              strokeWidth={2}
              markerEnd={`url(#${markerId})`}
            />
            {edge.label && (
              <text
                x={edge.labelX}
                y={edge.labelY}
                textAnchor={isColumn ? 'start' : 'middle'}
                fontSize={12}
                style={{ fill: flow('edgeText') }}
                data-testid="flow-edge-label"
              >
                {edge.label}
              </text>
            )}
          </g>
        ))}
        {layout.nodes.map((node) => {
          const look = looks[node.state];
          const maxChars = Math.floor((node.width - 20) / 7);
          const stateText = STATE_TEXT[node.state];
          return (
            <g key={node.key} data-state={node.state} data-testid="flow-node">
              <title>{[node.title, stateText, node.detail].filter(Boolean).join('，')}</title>
              <rect
                x={node.x}
                y={node.y}
                width={node.width}
                height={node.height}
                rx={8}
                style={{ fill: look.fill, stroke: look.stroke }}
                strokeWidth={node.state === 'current' ? 2.5 : 1.5}
                strokeDasharray={look.dash}
              />
              <text
                x={node.x + node.width / 2}
                y={node.y + 24}
                textAnchor="middle"
                fontSize={14}
                fontWeight={600}
                style={{ fill: look.text }}
              >
                {clip(node.title, maxChars)}
              </text>
              <text
                x={node.x + node.width / 2}
                y={node.y + 45}
                textAnchor="middle"
                fontSize={12}
                style={{ fill: flow('detailText') }}
              >
                {clip(node.detail, maxChars + 2)}
              </text>
              {stateText && (
                <text
                  x={node.x + node.width / 2}
                  y={node.y + 64}
                  textAnchor="middle"
                  fontSize={12}
                  style={{ fill: look.text }}
                >
                  {stateText}
                </text>
              )}
            </g>
          );
        })}
      </svg>
    </Box>
  );
}
