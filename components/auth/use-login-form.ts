'use client';

import { useSearchParams } from 'next/navigation';
import { useEffect, useState, type FormEvent } from 'react';
import { useAppRouter } from '@/components/common/use-app-router';
import { ApiError } from '@/lib/api-client';
import { ZLoginInput } from '@/lib/auth/schemas';
import { requestLogin } from '@/lib/client/auth-api';
import { removeToken, setToken } from '@/lib/client/cookie-store';
import { safeRedirectTarget } from '@/lib/routes/safe-redirect';

type LoginFields = { username: string; password: string };
type FieldErrors = Partial<Record<keyof LoginFields, string>>;

export const useLoginForm = () => {
  const router = useAppRouter();
  const redirect = useSearchParams().get('redirect');
  const [values, setValues] = useState<LoginFields>({ username: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState('');
  const [isSubmitting, setIsSubmitting] = useState(false);

  // The server only shows this page without a live session, so a leftover token is stale.
  useEffect(() => {
    removeToken();
  }, []);

  const change = (field: keyof LoginFields, value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZLoginInput.safeParse(values);
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof LoginFields] ??= issue.message;
      setErrors(found);
      return;
    }
    setIsSubmitting(true);
    setFailure('');
    try {
      const { data } = await requestLogin(parsed.data);
      setToken({ token: data.token });
      router.replace(safeRedirectTarget({ raw: redirect }));
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : '登录失败，请稍后重试');
      setIsSubmitting(false);
    }
  };

  return { values, errors, failure, isSubmitting, change, submit };
};
