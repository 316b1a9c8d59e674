import { useMemo } from 'react';
import { Box } from '@mantine/core';
import qrcode from 'qrcode-generator';
import { WA_TEXT } from './wa-strings';

/** The QR modules as one SVG path (a square per dark module), with a 4-module quiet zone. */
function qrPath(payload: string): { size: number; d: string } {
  const qr = qrcode(0, 'M');
  qr.addData(payload);
  qr.make();
  const count = qr.getModuleCount();
  const quiet = 4;
  let d = '';
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      if (qr.isDark(row, col)) d += `M${col + quiet} ${row + quiet}h1v1h-1z`;
    }
  }
  return { size: count + quiet * 2, d };
}

/**
 * The linking QR code, drawn from the payload Baileys gives (black on white, crisp at any size, as
 * WhatsApp's scanner wants it). data-qr carries the payload for tests.
 */
export function QrView({ payload }: { payload: string }) {
  const { size, d } = useMemo(() => qrPath(payload), [payload]);
  return (
    <Box
      data-testid="wa-qr"
      data-qr={payload}
      w={{ base: 220, sm: 264 }}
      h={{ base: 220, sm: 264 }}
      style={{ background: '#ffffff', borderRadius: 'var(--mantine-radius-md)' }}
    >
      <svg
        role="img"
        aria-label={WA_TEXT.qrLabel}
        viewBox={`0 0 ${size} ${size}`}
        width="100%"
        height="100%"
        shapeRendering="crispEdges"
      >
        <rect width={size} height={size} fill="#ffffff" />
        <path d={d} fill="#000000" />
      </svg>
    </Box>
  );
}
