import { Skeleton, Stack, Text } from '@mantine/core';
import { formatDateTimeLong, type SandboxStatus } from '@sapa/contracts';
import { AppAvatar } from '../../components/app-avatar';

/** Relative luminance of '#rrggbb' (WCAG 2), or null when it is not such a colour. */
function luminance(hex: string): number | null {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return null;
  const value = parseInt(match[1]!, 16);
  const [r, g, b] = [(value >> 16) & 255, (value >> 8) & 255, value & 255].map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** White or near-black text, whichever reads better on the status's colour (WCAG AA either way). */
export function statusTextColor(background: string): string {
  const l = luminance(background);
  if (l === null) return '#ffffff';
  const onWhite = 1.05 / (l + 0.05);
  const onDark = (l + 0.05) / (0.0137 + 0.05); // #1f1f1f
  return onWhite >= onDark ? '#ffffff' : '#1f1f1f';
}

const FALLBACK_COLOR = '#0f766e';

function StatusBody({ status }: { status: SandboxStatus }) {
  if (status.type === 'text') {
    const background = status.backgroundColor ?? FALLBACK_COLOR;
    return (
      <div
        className="sapa-status-text"
        style={{ background, color: statusTextColor(background) }}
        data-testid="sandbox-status-text"
      >
        {status.text}
      </div>
    );
  }
  return (
    <>
      {status.mediaUrl ? (
        status.type === 'image' ? (
          <img className="sapa-status-media" src={status.mediaUrl} alt={status.text || 'Status gambar'} />
        ) : (
          <video className="sapa-status-media" src={status.mediaUrl} controls preload="metadata">
            {status.text || 'Status video'}
          </video>
        )
      ) : null}
      {status.text ? (
        <Text size="sm" px="sm" pt={6} className="sapa-phone-text">
          {status.text}
        </Text>
      ) : null}
    </>
  );
}

/**
 * The customer's 'Status' tab: what the business's number posted as a WhatsApp Status, newest
 * first, as the phone shows it (text on its colour, a picture or a video with its caption).
 */
export function SandboxStatusFeed({
  statuses,
  businessName,
}: {
  statuses: readonly SandboxStatus[] | null;
  businessName: string;
}) {
  if (!statuses) {
    return (
      <Stack gap="sm" p="md" aria-busy="true" aria-label="Memuat status">
        <Skeleton height={120} radius="md" />
        <Skeleton height={120} radius="md" />
      </Stack>
    );
  }
  if (!statuses.length) {
    return (
      <Text size="sm" ta="center" c="dimmed" py="xl" px="md" data-testid="sandbox-status-empty">
        Belum ada status dari {businessName}. Status yang diposting lewat Publikasi &gt; Status akan muncul di
        sini.
      </Text>
    );
  }
  return (
    <ul className="sapa-status-list" aria-label={`Status ${businessName}`}>
      {statuses.map((status) => (
        <li
          key={status._id}
          className="sapa-status-card"
          data-testid="sandbox-status"
          data-type={status.type}
        >
          <div className="sapa-status-head">
            <AppAvatar name={businessName} size={32} />
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={600} truncate>
                {businessName}
              </Text>
              <Text size="xs" c="dimmed">
                <time dateTime={status.createdAt}>{formatDateTimeLong(status.createdAt)}</time>
              </Text>
            </div>
          </div>
          <StatusBody status={status} />
          <Text size="xs" c="dimmed" px="sm" py={6}>
            Dibagikan ke {status.viewers} kontak
          </Text>
        </li>
      ))}
    </ul>
  );
}
