import type { ReactNode } from 'react';
import { Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { BrandLogo } from './brand-logo';

/** The centred card of the sign-in, registration, reset and verification screens. */
export function AuthLayout({
  title,
  description,
  children,
  footer,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Center component="main" className="sapa-auth-bg" mih="100dvh" p={{ base: 'sm', xs: 'md' }}>
      <Box w="100%" maw={440}>
        <Center mb="lg">
          <Link to="/login" className="sapa-logo-link" aria-label="Sapa">
            <BrandLogo size={36} />
          </Link>
        </Center>
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', xs: 'xl' }}>
          <Stack gap={4} mb="lg">
            <Title order={1} fz="h2">
              {title}
            </Title>
            {description ? (
              <Text c="dimmed" size="sm">
                {description}
              </Text>
            ) : null}
          </Stack>
          {children}
        </Paper>
        {footer ? (
          <Text ta="center" size="sm" mt="lg" c="dimmed">
            {footer}
          </Text>
        ) : null}
      </Box>
    </Center>
  );
}
