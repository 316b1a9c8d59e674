import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { ToastProvider } from '../components/toast/toast-provider';
import { theme } from '../app/theme';

/** Renders inside the app's theme and toast provider. */
export function renderWithProviders(ui: ReactElement) {
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider theme={theme}>
      <ToastProvider>{children}</ToastProvider>
    </MantineProvider>
  );
  return render(ui, { wrapper: Wrapper });
}
