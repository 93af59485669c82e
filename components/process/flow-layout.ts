/** How a box of the drawing looks: done, current, pending (an item's steps) or plain (the category view). */
export type FlowNodeState = 'done' | 'current' | 'pending' | 'plain';

export type FlowNode = { key: string; title: string; detail: string; state: FlowNodeState };

export type PlacedNode = FlowNode & { x: number; y: number; width: number; height: number };

/** An arrow from one box to the next: an SVG path, and where its label (if any) sits. */
export type PlacedEdge = { key: string; path: string; label: string; labelX: number; labelY: number };

export type FlowLayout = { width: number; height: number; nodes: PlacedNode[]; edges: PlacedEdge[] };

const PAD = 16;
const BOX_W = 150;
const BOX_H = 76;
const GAP_X = 76;
const GAP_Y = 56;
const MAX_COLUMN_BOX_W = 280;

/** About how wide a label is drawn at 12px: a CJK glyph 12px, anything else 7px. */
const labelWidth = (text: string) =>
  [...text].reduce((sum, char) => sum + (char.charCodeAt(0) > 255 ? 12 : 7), 0);

/**
 * Places the boxes in rows as wide as `width` allows, left to right, a row break's arrow turning
 * down and back to the next row's first box; when only one fits (a phone), one column top to
 * bottom. `labels[i]` is written on the arrow from box i to box i + 1.
 */
export const layoutFlow = ({
  nodes,
  labels,
  width,
}: {
  nodes: readonly FlowNode[];
  labels: readonly string[];
  width: number;
}): FlowLayout => {
  // The gap between boxes in a row leaves room for the widest arrow label.
  const gapX = Math.max(GAP_X, ...labels.map((text) => labelWidth(text) + 20));
  const usable = Math.max(BOX_W, width - PAD * 2);
  const columns = Math.max(1, Math.min(nodes.length, Math.floor((usable + gapX) / (BOX_W + gapX))));
  const boxWidth = columns === 1 ? Math.min(usable, MAX_COLUMN_BOX_W) : BOX_W;
  const rowWidth = columns * boxWidth + (columns - 1) * gapX;
  const left = Math.max(PAD, (width - rowWidth) / 2);
  const placed = nodes.map((node, index) => ({
    ...node,
    x: left + (index % columns) * (boxWidth + gapX),
    y: PAD + Math.floor(index / columns) * (BOX_H + GAP_Y),
    width: boxWidth,
    height: BOX_H,
  }));
  const edges: PlacedEdge[] = [];
  for (let index = 0; index + 1 < placed.length; index += 1) {
    const from = placed[index];
    const to = placed[index + 1];
    const label = labels[index] ?? '';
    const key = `${from.key}-${to.key}`;
    if (from.y === to.y) {
      const y = from.y + BOX_H / 2;
      const x1 = from.x + boxWidth;
      edges.push({ key, path: `M${x1},${y} H${to.x - 2}`, label, labelX: (x1 + to.x) / 2, labelY: y - 8 });
    } else if (columns === 1) {
      const x = from.x + boxWidth / 2;
      const y1 = from.y + BOX_H;
      edges.push({
        key,
        path: `M${x},${y1} V${to.y - 2}`,
        label,
        labelX: x + 10,
        labelY: (y1 + to.y) / 2 + 4,
      });
    } else {
      const x1 = from.x + boxWidth / 2;
      const x2 = to.x + boxWidth / 2;
      const midY = from.y + BOX_H + GAP_Y / 2;
      edges.push({
        key,
        path: `M${x1},${from.y + BOX_H} V${midY} H${x2} V${to.y - 2}`,
        label,
        labelX: (x1 + x2) / 2,
        labelY: midY - 6,
      });
    }
  }
  const rows = Math.ceil(nodes.length / columns);
  return {
    width: Math.max(width, rowWidth + PAD * 2),
    height: PAD * 2 + rows * BOX_H + Math.max(0, rows - 1) * GAP_Y,
    nodes: placed,
    edges,
  };
};

/** Whether an edge's label sits beside a vertical arrow (left-aligned) rather than centred on it. */
export const isColumnLayout = (layout: FlowLayout) =>
  layout.nodes.length > 1 && layout.nodes.every((node) => node.x === layout.nodes[0].x);
