import type { ReactNode } from 'react';
import styles from './login.module.css';

/** The end of a sign-in step's form: why the last try failed (when it did), then its submit button. */
export function LoginSubmit({
  failure,
  isSubmitting,
  children,
}: {
  failure: string;
  isSubmitting: boolean;
  /** The button's text. */
  children: ReactNode;
}) {
  return (
    <>
      {failure && (
        <p className={styles.alert} role="alert" data-testid="login-error">
          {failure}
        </p>
      )}
      <button
        type="submit"
        className={styles.submit}
        disabled={isSubmitting}
        aria-busy={isSubmitting || undefined}
      >
        {children}
      </button>
    </>
  );
}
