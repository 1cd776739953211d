import type { InputHTMLAttributes, ReactNode } from 'react';

/** A labelled input of the login form with its icon and its error line (plain HTML, styled in login.css). */
export function LoginField({
  name,
  label,
  error,
  icon,
  input,
}: {
  name: string;
  label: string;
  error?: string;
  icon: ReactNode;
  input: InputHTMLAttributes<HTMLInputElement> & { 'data-testid'?: string };
}) {
  const id = `login-${name}`;
  return (
    <div className={`login-field${error ? ' login-field--error' : ''}`}>
      <label htmlFor={id} className="login-field__label">
        {label}
      </label>
      <span className="login-field__box">
        <span className="login-field__icon">{icon}</span>
        <input id={id} name={name} className="login-field__input" aria-invalid={Boolean(error)} {...input} />
      </span>
      {error ? (
        <div className="login-field__error" role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}

const svg = (d: string) => (
  <svg viewBox="0 0 24 24" width="1em" height="1em" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden>
    <path d={d} strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

export const UserIcon = () => svg('M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7.5 8a7.5 7.5 0 0 1 15 0');
export const LockIcon = () => svg('M6 11h12v9H6zM8.5 11V8a3.5 3.5 0 0 1 7 0v3M12 15v2');
