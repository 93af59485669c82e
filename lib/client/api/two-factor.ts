import { apiGet, apiRequest } from '@/lib/client/api/core';

export type TwoFactorStatus = {
  enabled: boolean;
  enabled_at: number | null;
  recovery_codes_left: number;
  required: boolean;
};
export type TwoFactorSetup = { secret: string; uri: string; qr: string };

export const fetchTwoFactorStatus = () => apiGet<TwoFactorStatus>({ path: '/login/get_two_factor' });

export const requestStartTwoFactor = () =>
  apiRequest<TwoFactorSetup>({ path: '/login/start_two_factor', method: 'POST', body: {} });

// Quiet: the dialogs show a wrong code under the field.
export const requestConfirmTwoFactor = (code: string) =>
  apiRequest<{ recovery_codes: string[] }>({
    path: '/login/confirm_two_factor',
    method: 'POST',
    body: { code },
    isQuiet: true,
  });

export const requestDisableTwoFactor = (code: string) =>
  apiRequest<null>({ path: '/login/disable_two_factor', method: 'POST', body: { code }, isQuiet: true });

export const requestRenewRecoveryCodes = (code: string) =>
  apiRequest<{ recovery_codes: string[] }>({
    path: '/login/renew_recovery_codes',
    method: 'POST',
    body: { code },
    isQuiet: true,
  });
