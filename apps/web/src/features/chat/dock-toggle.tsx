import { ActionIcon, Tooltip } from '@mantine/core';
import { IconLayoutSidebarRight, IconLayoutSidebarRightFilled } from '@tabler/icons-react';

/** The header's switch for 'Info Percakapan' docked beside the chat (issue 21, wide screens). */
export function DockToggle({ docked, onToggle }: { docked: boolean; onToggle: () => void }) {
  const label = docked ? 'Sembunyikan panel info' : 'Tampilkan info di samping';
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon
        variant={docked ? 'light' : 'subtle'}
        color={docked ? 'brand' : 'gray'}
        size={36}
        aria-label="Panel Info Percakapan"
        aria-pressed={docked}
        onClick={onToggle}
        data-testid="chat-info-dock-toggle"
      >
        {docked ? (
          <IconLayoutSidebarRightFilled size={20} stroke={1.8} />
        ) : (
          <IconLayoutSidebarRight size={20} stroke={1.8} />
        )}
      </ActionIcon>
    </Tooltip>
  );
}
