/**
 * A spinner without antd (the style is in index.html): used where the application is not loaded yet (chunk
 * loading at the top level, the session check), so the login page needs no antd at all.
 */
export function BootSpinner({ testId }: { testId?: string }) {
  return (
    <div className="boot-splash" data-testid={testId} role="status" aria-busy="true">
      <i />
    </div>
  );
}
