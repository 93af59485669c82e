'use client';

import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
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

/** Boxes and arrows in plain SVG, wrapping into rows, or one column when narrow; each box coloured by its state. */
export function FlowDiagram({ nodes, labels = [], label, svgRef }: FlowDiagramProps) {
  const theme = useTheme();
  const markerId = `${useId().replace(/:/g, '')}-arrow`;
  const { ref, width } = useElementWidth<HTMLDivElement>({ initial: 720 });
  const layout = useMemo(() => layoutFlow({ nodes, labels, width }), [nodes, labels, width]);
  const isColumn = isColumnLayout(layout);
  const { palette } = theme;
  const looks: Record<FlowNodeState, { fill: string; stroke: string; text: string; dash?: string }> = {
    done: { fill: '#edf7ed', stroke: palette.success.main, text: palette.success.dark },
    current: { fill: '#e8f1fd', stroke: palette.primary.main, text: palette.primary.dark },
    pending: { fill: '#fafafa', stroke: '#bdbdbd', text: '#757575', dash: '5 4' },
    plain: { fill: '#f5f8fc', stroke: palette.primary.main, text: palette.text.primary },
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
            <path d="M0,0 L10,5 L0,10 z" fill="#90a4ae" />
          </marker>
        </defs>
        <rect width={layout.width} height={layout.height} fill="#ffffff" />
        {layout.edges.map((edge) => (
          <g key={edge.key}>
            <path
              d={edge.path}
              fill="none"
              stroke="#90a4ae"
              strokeWidth={2}
              markerEnd={`url(#${markerId})`}
            />
            {edge.label && (
              <text
                x={edge.labelX}
                y={edge.labelY}
                textAnchor={isColumn ? 'start' : 'middle'}
                fontSize={12}
                fill="#546e7a"
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
                fill={look.fill}
                stroke={look.stroke}
                strokeWidth={node.state === 'current' ? 2.5 : 1.5}
                strokeDasharray={look.dash}
              />
              <text
                x={node.x + node.width / 2}
                y={node.y + 24}
                textAnchor="middle"
                fontSize={14}
                fontWeight={600}
                fill={look.text}
              >
                {clip(node.title, maxChars)}
              </text>
              <text
                x={node.x + node.width / 2}
                y={node.y + 45}
                textAnchor="middle"
                fontSize={12}
                fill="#616161"
              >
                {clip(node.detail, maxChars + 2)}
              </text>
              {stateText && (
                <text
                  x={node.x + node.width / 2}
                  y={node.y + 64}
                  textAnchor="middle"
                  fontSize={12}
                  fill={look.text}
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
