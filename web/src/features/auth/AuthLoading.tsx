import './auth.css';

/** Full-page "checking your session" state for login-only pages (spec part 2 §4 route guard). */
export function AuthLoading({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="auth-loading" role="status">
      <span className="auth-spinner" aria-hidden="true" />
      <span className="auth-loading__label">{label}</span>
    </div>
  );
}
