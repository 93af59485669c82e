'use client';

import { useEffect, useState } from 'react';
import { showSuccessMessage } from '@/lib/client/api/core';
import type { ClassOption, UserRow } from '@/lib/users/schemas';
import { fetchClassOptions, requestSaveUser, type UserDraft } from '@/lib/client/api/users';

export type UserFormErrors = Partial<Record<'username' | 'name' | 'password' | 'roles', string>>;

/** The form keeps every field; the API type leaves some out (unchanged on edit). */
type FormDraft = Required<Omit<UserDraft, 'id' | 'password'>> & Pick<UserDraft, 'id' | 'password'>;

const blankDraft = (): FormDraft => ({
  username: '',
  name: '',
  avatar: '',
  introduction: '',
  roles: ['news_content'],
  class_ids: [],
  is_disabled: false,
  password: '',
});

const draftOf = (user: UserRow): FormDraft => ({
  id: user.id,
  username: user.username,
  name: user.name,
  avatar: user.avatar,
  introduction: user.introduction,
  roles: user.roles,
  class_ids: user.class_ids,
  is_disabled: user.is_disabled,
});

/** The draft of the 新增 / 编辑 dialog; the server has the last word on every rule (its message is toasted). */
export const useUserForm = ({
  user,
  isOpen,
  onSaved,
}: {
  user: UserRow | null;
  isOpen: boolean;
  onSaved: () => void;
}) => {
  const [draft, setDraft] = useState<FormDraft>(blankDraft);
  const [errors, setErrors] = useState<UserFormErrors>({});
  const [isSaving, setIsSaving] = useState(false);
  const [classOptions, setClassOptions] = useState<ClassOption[]>([]);

  useEffect(() => {
    if (!isOpen) return;
    setDraft(user ? draftOf(user) : blankDraft());
    setErrors({});
    let isCurrent = true;
    fetchClassOptions()
      .then((options) => isCurrent && setClassOptions(options))
      .catch(() => undefined);
    return () => {
      isCurrent = false;
    };
  }, [isOpen, user]);

  const change = <K extends keyof FormDraft>(key: K, value: FormDraft[K]) => {
    setDraft((previous) => ({ ...previous, [key]: value }));
    setErrors((previous) => ({ ...previous, [key]: undefined }));
  };

  const validate = () => {
    const found: UserFormErrors = {};
    if (!draft.username.trim()) found.username = '请输入用户名';
    if (!draft.name.trim()) found.name = '请输入姓名';
    if (!draft.id && !draft.password) found.password = '请设置登录密码';
    if (draft.roles.length === 0) found.roles = '请至少选择一个角色';
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  const submit = async (event?: React.FormEvent) => {
    event?.preventDefault();
    if (!validate()) return;
    setIsSaving(true);
    try {
      const { password, ...rest } = draft;
      const answer = await requestSaveUser(draft.id ? rest : { ...rest, password });
      showSuccessMessage(answer);
      onSaved();
    } catch {
      // The API client has shown the server's message; the dialog stays open to correct it.
    } finally {
      setIsSaving(false);
    }
  };

  return { draft, errors, isSaving, classOptions, change, submit };
};
