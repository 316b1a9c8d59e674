import { useId } from 'react';
import { Anchor, Button, Code, CopyButton, Group, Stack, Text, Title } from '@mantine/core';
import { IconBook, IconCheck, IconCopy } from '@tabler/icons-react';
import { Link } from 'react-router';
import { WEBHOOK_VERIFY_SNIPPET } from '@sapa/contracts';
import { WEBHOOK_TEXT as T } from './webhook-strings';

/** 'Cara memverifikasi': how to check the Sapa-Signature header, with the documented snippet. */
export function WebhookVerify() {
  const headingId = useId();
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId} data-testid="webhook-verify">
      <Title order={3} fz="md" id={headingId}>
        {T.verifyHeading}
      </Title>
      <Text size="sm">{T.verifyBody}</Text>
      <Code
        block
        mah={300}
        style={{ overflow: 'auto', whiteSpace: 'pre', fontSize: 12 }}
        // scrollable from the keyboard too
        tabIndex={0}
        role="region"
        aria-label={T.verifyHeading}
        data-testid="webhook-snippet"
      >
        {WEBHOOK_VERIFY_SNIPPET}
      </Code>
      <Group justify="space-between" gap="xs">
        <Anchor component={Link} to="/user/documentation" size="sm" data-testid="webhook-docs-link">
          <Group gap={4} component="span" wrap="nowrap">
            <IconBook size={16} aria-hidden />
            {T.docsLink}
          </Group>
        </Anchor>
        <CopyButton value={WEBHOOK_VERIFY_SNIPPET}>
          {({ copied, copy }) => (
            <Button
              size="xs"
              variant="light"
              color={copied ? 'green' : undefined}
              leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
              onClick={copy}
              data-testid="webhook-snippet-copy"
            >
              {copied ? T.copied : T.verifyCopy}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}
