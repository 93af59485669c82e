'use client';

import { useSearchParams } from 'next/navigation';
import { useEffect, useState, type FormEvent } from 'react';
import { useHydrated } from '@/components/common/use-hydrated';
import { ApiError } from '@/lib/client/api/core';
import { checkLoginInput, type LoginFieldErrors, type LoginFields } from '@/lib/auth/login-rules';
import { requestLogin, requestLoginTwoFactor, TWO_FACTOR_REQUIRED_CODE } from '@/lib/client/api/auth';
import { removeToken, setToken } from '@/lib/client/cookie-store';
import { takeLoginNotice } from '@/lib/client/login-notice';
import { safeRedirectTarget } from '@/lib/routes/safe-redirect';

type FieldErrors = LoginFieldErrors & { code?: string };
/** Step two of a two-factor sign-in: the ticket of step one, and a code or a recovery code. */
export type CodeStep = { ticket: string; code: string; isRecovery: boolean };

const TICKET_EXPIRED = '登录验证已过期，请重新输入密码';
const failureText = (error: unknown) => (error instanceof ApiError ? error.message : '登录失败，请稍后重试');

export const useLoginForm = () => {
  const redirect = useSearchParams().get('redirect');
  const [values, setValues] = useState<LoginFields>({ username: '', password: '' });
  const [codeStep, setCodeStep] = useState<CodeStep | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState('');
  const [isSubmitting, setIsSubmitting] = useState(false);
  // Until React has taken the form over, its fields have no names: a submit before the script has
  // loaded (method="post" besides) cannot put anything of them in a URL (see LoginView).
  const isHydrated = useHydrated();

  // The server only shows this page without a live session, so a leftover token is stale.
  // A message from the page that sent the browser here (e.g. its session was refused) shows at once.
  useEffect(() => {
    removeToken();
    const notice = takeLoginNotice();
    if (notice) setFailure(notice);
  }, []);

  const change = (field: keyof LoginFields, value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  };

  // A full page load, not a client-side navigation: the admin pages are rendered on the server
  // with their first data (a content list's rows are in the HTML), so the person sees the screen
  // before its scripts have run, and this small page hands over nothing it would need to keep.
  const signedIn = (token: string) => {
    setToken({ token });
    window.location.replace(safeRedirectTarget({ raw: redirect }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The API's own rules (lib/auth/schemas.ts), checked without zod: this page stays small.
    const checked = checkLoginInput(values);
    if (checked.errors) {
      setErrors(checked.errors);
      return;
    }
    setIsSubmitting(true);
    setFailure('');
    try {
      signedIn((await requestLogin(checked.data)).data.token);
    } catch (error) {
      const ticket = (error as ApiError).data as { ticket?: string } | null;
      if (error instanceof ApiError && error.code === TWO_FACTOR_REQUIRED_CODE && ticket?.ticket) {
        setCodeStep({ ticket: ticket.ticket, code: '', isRecovery: false });
      } else {
        setFailure(failureText(error));
      }
      setIsSubmitting(false);
    }
  };

  const changeCode = (update: Partial<Omit<CodeStep, 'ticket'>>) => {
    setCodeStep((step) => (step ? { ...step, ...update } : step));
    setErrors((previous) => ({ ...previous, code: undefined }));
    setFailure('');
  };

  /** Back to username and password (a ticket that expired, or the user chose to). */
  const leaveCodeStep = (message = '') => {
    setCodeStep(null);
    setValues((previous) => ({ ...previous, password: '' }));
    setFailure(message);
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    if (!codeStep) return;
    const code = codeStep.code.trim();
    if (!code) {
      setErrors({ code: codeStep.isRecovery ? '请输入恢复码' : '请输入验证码' });
      return;
    }
    setIsSubmitting(true);
    setFailure('');
    try {
      signedIn((await requestLoginTwoFactor({ ticket: codeStep.ticket, code })).data.token);
    } catch (error) {
      if (failureText(error) === TICKET_EXPIRED) leaveCodeStep(TICKET_EXPIRED);
      else setFailure(failureText(error));
      setIsSubmitting(false);
    }
  };

  return {
    values,
    codeStep,
    errors,
    failure,
    isSubmitting,
    isHydrated,
    change,
    submit,
    changeCode,
    submitCode,
    leaveCodeStep,
  };
};
