import { Badge, Box, Group, Paper, Stack, Text } from '@mantine/core';
import { IconRobot } from '@tabler/icons-react';
import { AUTO_REPLY_MESSAGES as M } from '@sapa/contracts';

/** How an automatic reply looks to the team in the chat: an outgoing bubble marked 'Balasan otomatis'. */
export function ReplyPreview({ title, text, testId }: { title: string; text: string; testId: string }) {
  return (
    <Stack gap={6} data-testid={testId}>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      {text.trim() ? (
        <Group justify="flex-end">
          <Paper
            radius="md"
            p="sm"
            maw="85%"
            bg="green.0"
            withBorder
            style={{ borderColor: 'var(--mantine-color-green-3)' }}
          >
            <Badge
              size="xs"
              variant="light"
              color="gray"
              leftSection={<IconRobot size={12} aria-hidden />}
              mb={4}
            >
              {M.automaticBadge}
            </Badge>
            <Box>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {text}
              </Text>
            </Box>
          </Paper>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          {M.previewEmpty}
        </Text>
      )}
    </Stack>
  );
}
