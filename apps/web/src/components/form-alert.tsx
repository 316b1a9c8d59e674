import { Alert } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';

/** The server's answer above a form: its Indonesian refusal (error) or confirmation (success). */
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
    <Alert
      color={error ? 'red' : 'brand'}
      variant="light"
      icon={error ? <IconAlertCircle size={20} /> : <IconCircleCheck size={20} />}
      data-testid={error ? 'form-error' : 'form-success'}
      role={error ? 'alert' : 'status'}
    >
      {message}
    </Alert>
  );
}
