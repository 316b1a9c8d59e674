import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { ToastProvider } from '../components/toast/toast-provider';
import { cssVariablesResolver, theme } from './theme';

/** Theme and the global toast, around the router (the server cache lives in the signed-in areas). */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <ToastProvider>{children}</ToastProvider>
    </MantineProvider>
  );
}
