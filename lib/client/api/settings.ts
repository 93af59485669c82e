import { apiGet, apiRequest } from '@/lib/client/api/core';
import type { SystemSettings } from '@/lib/settings/settings-schema';

export const fetchSystemSettings = () => apiGet<SystemSettings>({ path: '/system_set/get_system_set' });

export const requestSaveSystemSettings = ({ settings }: { settings: SystemSettings }) =>
  apiRequest<SystemSettings>({ path: '/system_set/save_system_set', method: 'POST', body: settings });
