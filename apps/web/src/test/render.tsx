import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ToastProvider } from '../components/toast/toast-provider';
import { theme } from '../app/theme';

/**
 * Renders inside the app's theme, toast provider and a fresh query client (no retries), or the one
 * given (a test of what the app's cache defaults do).
 */
export function renderWithProviders(
  ui: ReactElement,
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
) {
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme}>
        <ToastProvider>{children}</ToastProvider>
      </MantineProvider>
    </QueryClientProvider>
  );
  return render(ui, { wrapper: Wrapper });
}
