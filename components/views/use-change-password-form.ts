'use client';

import { useState, type FormEvent } from 'react';
import { showSuccessMessage } from '@/lib/client/api/core';
import { newPasswordSchema, type PasswordPolicy } from '@/lib/auth/password-rule';
import { ZChangePasswordInput } from '@/lib/auth/schemas';
import { requestChangePassword } from '@/lib/client/api/auth';

export type PasswordFields = { oldPassword: string; newPassword: string; confirmPassword: string };
type FieldErrors = Partial<Record<keyof PasswordFields, string>>;

const EMPTY: PasswordFields = { oldPassword: '', newPassword: '', confirmPassword: '' };
const FIELD_OF_INPUT: Record<string, keyof PasswordFields> = {
  old_password: 'oldPassword',
  new_password: 'newPassword',
};

// The server's own schema, so the form and the API agree on every rule.
const validate = ({ values, policy }: { values: PasswordFields; policy: PasswordPolicy }): FieldErrors => {
  const errors: FieldErrors = {};
  const policyCheck = newPasswordSchema(policy).safeParse(values.newPassword);
  if (!policyCheck.success) errors.newPassword = policyCheck.error.issues[0]?.message;
  const parsed = ZChangePasswordInput.safeParse({
    old_password: values.oldPassword,
    new_password: values.newPassword,
  });
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = FIELD_OF_INPUT[String(issue.path[0])] ?? 'newPassword';
    errors[field] ??= issue.message;
  }
  if (!values.confirmPassword) errors.confirmPassword = '请再次输入新密码';
  else if (values.confirmPassword !== values.newPassword) errors.confirmPassword = '两次输入的密码不一致';
  return errors;
};

export const useChangePasswordForm = ({ policy }: { policy: PasswordPolicy }) => {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isSubmitting, setIsSubmitting] = useState(false);

  const change = (field: keyof PasswordFields, value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate({ values, policy });
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setIsSubmitting(true);
    try {
      const { message } = await requestChangePassword({
        oldPassword: values.oldPassword,
        newPassword: values.newPassword,
      });
      showSuccessMessage({ message });
      setValues(EMPTY);
    } catch {
      // The API client has already shown the server's message.
    } finally {
      setIsSubmitting(false);
    }
  };

  const reset = () => {
    setValues(EMPTY);
    setErrors({});
  };

  return { values, errors, isSubmitting, change, submit, reset };
};
