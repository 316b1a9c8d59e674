import { IconBrandInstagram, IconBrandMessenger, IconBrandWhatsapp } from '@tabler/icons-react';
import type { AccountType } from '@sapa/contracts';

const CHANNELS = {
  whatsapp: { Icon: IconBrandWhatsapp, name: 'WhatsApp', color: '#16a34a' },
  instagram: { Icon: IconBrandInstagram, name: 'Instagram', color: '#db2777' },
  messenger: { Icon: IconBrandMessenger, name: 'Messenger', color: '#2563eb' },
} as const;

/** The channel's logo in its colour, named for screen readers ('WhatsApp', 'Instagram', 'Messenger'). */
export function ChannelIcon({ type, size = 16 }: { type: AccountType; size?: number }) {
  const { Icon, name, color } = CHANNELS[type];
  return (
    <span className="sapa-channel-icon" role="img" aria-label={name} title={name} data-channel={type}>
      <Icon size={size} stroke={1.8} color={color} aria-hidden />
    </span>
  );
}
