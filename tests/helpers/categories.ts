import { POST as saveClassRoute } from '@/app/api/v1/manage/class_manage/save_class/route';
import { call } from './api';

export { field } from './fields';

export const saveClass = (token: string, body: Record<string, unknown>) =>
  call<{ id: number }>(saveClassRoute, {
    method: 'POST',
    token,
    body: { name: '栏目', class_type: '0', ...body },
  });

export const createClass = async (token: string, body: Record<string, unknown> = {}) => {
  const result = await saveClass(token, body);
  if (result.body.code !== 200) throw new Error(`save_class failed: ${result.body.message}`);
  return result.body.data.id;
};
