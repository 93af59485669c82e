import { layoutFlow, type FlowNode } from '@/components/process/flow-layout';
import { formatDuration } from '@/components/process/format-process';
import { missingBefore, stepStates } from '@/components/process/step-state';

const DAY = 86_400;
const HOUR = 3_600;

describe('formatDuration', () => {
  test.each([
    [2 * DAY + 3 * HOUR + 20 * 60, '2天3小时'],
    [DAY + 5 * 60, '1天'],
    [5 * HOUR, '5小时'],
    [HOUR + 90, '1小时1分钟'],
    [12 * 60, '12分钟'],
    [59, '不到1分钟'],
    [0, '不到1分钟'],
  ])('%i 秒 → %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});

describe('step states', () => {
  const steps = [
    { id: 1, content: '报名', timestamp: 100 },
    { id: 2, content: '初审', timestamp: null },
    { id: 3, content: '录取', timestamp: null },
  ];

  test('done, then the first step without a time is current, the rest pending', () => {
    expect(stepStates(steps)).toEqual(['done', 'current', 'pending']);
    expect(stepStates(steps.map((step) => ({ ...step, timestamp: 1 })))).toEqual(['done', 'done', 'done']);
  });

  test('a step can be filled in only when every earlier one has a time', () => {
    expect(missingBefore({ steps, index: 0 })).toBeNull();
    expect(missingBefore({ steps, index: 1 })).toBeNull();
    expect(missingBefore({ steps, index: 2 })?.content).toBe('初审');
  });
});

describe('layoutFlow', () => {
  const nodes: FlowNode[] = ['a', 'b', 'c', 'd', 'e'].map((key) => ({
    key,
    title: key,
    detail: '',
    state: 'plain',
  }));

  test('one row when wide: every box on one line, arrows straight', () => {
    const layout = layoutFlow({ nodes, labels: ['1天'], width: 1200 });
    expect(new Set(layout.nodes.map((node) => node.y)).size).toBe(1);
    expect(layout.edges).toHaveLength(4);
    expect(layout.edges[0]).toMatchObject({ label: '1天' });
    expect(layout.width).toBe(1200);
  });

  test('rows when medium: wraps, the break arrow turns down to the next row', () => {
    const layout = layoutFlow({ nodes, labels: [], width: 600 });
    const rows = new Set(layout.nodes.map((node) => node.y));
    expect(rows.size).toBeGreaterThan(1);
    const breakEdge = layout.edges.find((_, index) => layout.nodes[index].y !== layout.nodes[index + 1].y);
    expect(breakEdge?.path).toMatch(/V.*H.*V/);
    expect(Math.max(...layout.nodes.map((node) => node.x + node.width))).toBeLessThanOrEqual(600);
  });

  test('one column at phone width, never wider than the space', () => {
    const layout = layoutFlow({ nodes, labels: [], width: 340 });
    expect(new Set(layout.nodes.map((node) => node.x)).size).toBe(1);
    expect(layout.width).toBe(340);
    expect(layout.nodes[4].y).toBeGreaterThan(layout.nodes[3].y);
  });
});
