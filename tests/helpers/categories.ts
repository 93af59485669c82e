import { POST as saveClassRoute } from '@/app/api/v1/manage/class_manage/save_class/route';
import { call } from './api';

export const field = (overrides: Record<string, unknown> = {}) => ({
  key: 'f_text',
  title: '文本',
  type: 'string',
  ismust: false,
  showlist: true,
  search: false,
  options: [],
  max: null,
  limit: null,
  is_self_write: false,
  child_info: [],
  style: '',
  url: '',
  ...overrides,
});

export const saveClass = (token: string, body: Record<string, unknown>) =>
  call<{ id: number }>(saveClassRoute, { method: 'POST', token, body: { name: '栏目', class_type: '0', ...body } });

export const createClass = async (token: string, body: Record<string, unknown> = {}) => {
  const result = await saveClass(token, body);
  if (result.body.code !== 200) throw new Error(`save_class failed: ${result.body.message}`);
  return result.body.data.id;
};
