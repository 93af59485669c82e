import { blankFieldDefinition } from '@/lib/fields/definition';

// Loosely typed on purpose: tests also send definitions the server must refuse.
export const field = (overrides: Record<string, unknown> = {}) => ({
  ...blankFieldDefinition({ key: 'f_text', title: '文本', showlist: true }),
  ...overrides,
});
