import { ActionIcon, Tooltip } from '@mantine/core';
import { IconVolume, IconVolumeOff } from '@tabler/icons-react';
import { INBOX_EXTRA_MESSAGES } from '@sapa/contracts';

/** The inbox header's switch for the new-message sound (issue 21); pressed while on. */
export function SoundToggle({ enabled, onToggle }: { enabled: boolean; onToggle: () => void }) {
  return (
    <Tooltip label={INBOX_EXTRA_MESSAGES.soundOn} withArrow multiline w={220}>
      <ActionIcon
        size={36}
        variant={enabled ? 'light' : 'subtle'}
        color={enabled ? undefined : 'gray'}
        aria-label={INBOX_EXTRA_MESSAGES.soundLabel}
        aria-pressed={enabled}
        onClick={onToggle}
        data-testid="sound-toggle"
      >
        {enabled ? <IconVolume size={19} stroke={1.8} /> : <IconVolumeOff size={19} stroke={1.8} />}
      </ActionIcon>
    </Tooltip>
  );
}
