import { useState } from 'react';
import { IconSticker } from '@tabler/icons-react';
import type { StickerMedia } from '@sapa/contracts';
import './bubbles.css';

/** A sticker (spec §2 'Chat room'): the picture alone at about 140 px, without a bubble behind it. */
export function StickerBubble({ sticker }: { sticker: StickerMedia }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  return (
    <span className="sapa-sticker" data-testid="bubble-sticker">
      {failedUrl === sticker.url ? (
        <span className="sapa-sticker-failed" role="img" aria-label="Stiker">
          <IconSticker size={40} stroke={1.4} aria-hidden />
        </span>
      ) : (
        <img src={sticker.url} alt="Stiker" loading="lazy" onError={() => setFailedUrl(sticker.url)} />
      )}
    </span>
  );
}
