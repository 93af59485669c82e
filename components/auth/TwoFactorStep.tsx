'use client';

import type { FormEvent } from 'react';
import { LoginField } from './LoginField';
import { LoginSubmit } from './LoginSubmit';
import styles from './login.module.css';
import type { CodeStep } from './use-login-form';

type TwoFactorStepProps = {
  step: CodeStep;
  error?: string;
  failure: string;
  isSubmitting: boolean;
  onChange: (update: Partial<Omit<CodeStep, 'ticket'>>) => void;
  onSubmit: (event: FormEvent) => void;
  onBack: () => void;
};

/** Step two of the sign-in: the 6-digit code of the authenticator app, or one recovery code. */
export function TwoFactorStep({
  step,
  error,
  failure,
  isSubmitting,
  onChange,
  onSubmit,
  onBack,
}: TwoFactorStepProps) {
  return (
    <form className={styles.form} method="post" noValidate onSubmit={onSubmit} aria-label="两步验证">
      <p className={styles.hint}>
        {step.isRecovery
          ? '请输入一个未使用过的恢复码（形如 abcd-efgh-jkmn），每个恢复码只能使用一次。'
          : '请打开手机上的验证器应用，输入当前显示的 6 位验证码。'}
      </p>
      <LoginField
        key={step.isRecovery ? 'recovery' : 'totp'}
        id={step.isRecovery ? 'login-recovery-code' : 'login-code'}
        label={step.isRecovery ? '恢复码' : '验证码'}
        name="code"
        autoComplete="one-time-code"
        autoFocus
        value={step.code}
        onChange={(event) => onChange({ code: event.target.value })}
        error={error}
        {...(step.isRecovery
          ? { maxLength: 32, autoCapitalize: 'none', spellCheck: false }
          : { inputMode: 'numeric', pattern: '[0-9]*', maxLength: 6 })}
      />
      <LoginSubmit failure={failure} isSubmitting={isSubmitting}>
        验证并登录
      </LoginSubmit>
      <div className={styles.links}>
        <button type="button" className={styles.linkButton} onClick={onBack}>
          返回重新输入密码
        </button>
        <button
          type="button"
          className={styles.linkButton}
          onClick={() => onChange({ isRecovery: !step.isRecovery, code: '' })}
        >
          {step.isRecovery ? '使用验证码' : '使用恢复码'}
        </button>
      </div>
    </form>
  );
}
