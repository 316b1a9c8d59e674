/**
 * The server's answer above a form: its Indonesian refusal (error) or confirmation (success).
 * Plain markup styled like Mantine's light Alert: the login page loads it, and Mantine's Alert with
 * its transition and icon modules would cost the login route about 1 KB of its 120 KB budget.
 */
export function FormAlert({
  message,
  type = 'error',
}: {
  message: string | null;
  type?: 'error' | 'success';
}) {
  if (!message) return null;
  const error = type === 'error';
  return (
    <div
      className="sapa-form-alert"
      data-type={type}
      data-testid={error ? 'form-error' : 'form-success'}
      role={error ? 'alert' : 'status'}
    >
      <svg
        viewBox="0 0 24 24"
        width="20"
        height="20"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {error ? (
          <>
            <circle cx="12" cy="12" r="9" />
            <path d="M12 8v4M12 16h.01" />
          </>
        ) : (
          <>
            <circle cx="12" cy="12" r="9" />
            <path d="M9 12l2 2 4-4" />
          </>
        )}
      </svg>
      <span>{message}</span>
    </div>
  );
}
