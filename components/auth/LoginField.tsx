import type { InputHTMLAttributes, ReactNode } from 'react';
import styles from './login.module.css';

type LoginFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> & {
  id: string;
  label: string;
  error?: string;
  /** Drawn inside the box before the text (an icon). */
  start?: ReactNode;
  /** Drawn inside the box after the text (a button). */
  end?: ReactNode;
};

/** A labelled text field of the login page; its error is tied to the input by aria-describedby. */
export function LoginField({ id, label, error, start, end, ...input }: LoginFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <div className={styles.box} data-invalid={error ? 'true' : undefined}>
        {start}
        <input
          {...input}
          id={id}
          className={styles.input}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {end}
      </div>
      {error && (
        <p id={errorId} className={styles.fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}
