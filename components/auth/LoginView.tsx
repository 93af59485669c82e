'use client';

import { useState } from 'react';
import { LoginField } from './LoginField';
import { LoginSubmit } from './LoginSubmit';
import { EyeIcon, LockIcon, PersonIcon } from './login-icons';
import styles from './login.module.css';
import { TwoFactorStep } from './TwoFactorStep';
import { useLoginForm } from './use-login-form';

export type LoginSite = { title: string; logo: string; subtitle: string; footer: string };

/**
 * The sign-in page. Plain HTML and a CSS module, no UI library: it is the first page anyone loads,
 * so it stays small (the admin shell's MUI arrives with the page after it).
 */
export function LoginView({ site }: { site: LoginSite }) {
  const form = useLoginForm();
  const { values, errors, failure, isSubmitting, isHydrated, change, submit } = form;
  const [isPasswordShown, setIsPasswordShown] = useState(false);

  return (
    <main className={styles.page}>
      <div className={styles.card}>
        {site.logo && (
          // eslint-disable-next-line @next/next/no-img-element -- a logo URL from 系统设置, any host
          <img className={styles.logo} src={site.logo} alt="" />
        )}
        <h1 className={styles.title}>{site.title}</h1>
        <p className={styles.subtitle}>
          {form.codeStep ? '两步验证' : site.subtitle || '请使用管理员账号登录'}
        </p>
        <noscript>
          <p className={styles.notice} data-testid="noscript-notice">
            请启用浏览器的 JavaScript 后再登录。
          </p>
        </noscript>
        {form.codeStep ? (
          <TwoFactorStep
            step={form.codeStep}
            error={errors.code}
            failure={failure}
            isSubmitting={isSubmitting}
            onChange={form.changeCode}
            onSubmit={form.submitCode}
            onBack={() => form.leaveCodeStep()}
          />
        ) : (
          <form className={styles.form} method="post" noValidate onSubmit={submit} aria-label="登录">
            {/*
              The fields get their names only once React has taken the form over: submitted before
              that (a slow script, JavaScript off), the browser sends no field at all, so the
              password can never end up in the URL, a history entry, a proxy log or a Referer.
            */}
            <LoginField
              id="login-username"
              label="用户名"
              name={isHydrated ? 'username' : undefined}
              autoComplete="username"
              autoFocus
              value={values.username}
              onChange={(event) => change('username', event.target.value)}
              error={errors.username}
              start={<PersonIcon className={styles.icon} />}
            />
            <LoginField
              id="login-password"
              label="密码"
              name={isHydrated ? 'password' : undefined}
              type={isPasswordShown ? 'text' : 'password'}
              autoComplete="current-password"
              value={values.password}
              onChange={(event) => change('password', event.target.value)}
              error={errors.password}
              start={<LockIcon className={styles.icon} />}
              end={
                <button
                  type="button"
                  className={styles.iconButton}
                  aria-label={isPasswordShown ? '隐藏密码' : '显示密码'}
                  onClick={() => setIsPasswordShown((shown) => !shown)}
                >
                  <EyeIcon isCrossed={isPasswordShown} />
                </button>
              }
            />
            <LoginSubmit failure={failure} isSubmitting={isSubmitting}>
              登录
            </LoginSubmit>
          </form>
        )}
      </div>
      {site.footer && <footer className={styles.footer}>{site.footer}</footer>}
    </main>
  );
}
