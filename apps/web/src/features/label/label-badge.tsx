import type { CSSProperties } from 'react';
import { labelTextColor, type ChatLabel } from '@sapa/contracts';
import './labels.css';

export interface LabelBadgeProps {
  label: Pick<ChatLabel, 'name' | 'color'>;
  /**
   * `dot` (default): a colour dot and the name in the normal text colour, readable whatever the
   * colour. `filled`: the label's colour as the background with white or dark text, whichever reads.
   */
  variant?: 'dot' | 'filled';
  size?: 'sm' | 'md';
  /** Shown when the name is cut short; defaults to the name. */
  title?: string;
}

/** A label as chips show it: reusable in the chat drawer, filters and Pengaturan > Label. */
export function LabelBadge({ label, variant = 'dot', size = 'sm', title }: LabelBadgeProps) {
  const style =
    variant === 'filled'
      ? ({ '--label-color': label.color, '--label-text': labelTextColor(label.color) } as CSSProperties)
      : ({ '--label-color': label.color } as CSSProperties);
  return (
    <span
      className="sapa-label-badge"
      data-variant={variant}
      data-size={size}
      style={style}
      title={title ?? label.name}
      data-testid="label-badge"
    >
      {variant === 'dot' ? <span className="sapa-label-badge-dot" aria-hidden /> : null}
      <span className="sapa-label-badge-name">{label.name}</span>
    </span>
  );
}
