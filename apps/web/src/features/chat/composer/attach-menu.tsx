import { attachKindsFor, type AccountType } from '@sapa/contracts';
import { AttachMenuBase } from '../../../components/composer/attach-menu-base';
import type { FileKind } from '../send-content';

export interface AttachMenuProps {
  channel: AccountType;
  disabled?: boolean;
  onFile: (kind: FileKind, file: File) => void;
  onLocation: () => void;
  onContact: () => void;
}

/** spec §2 'Composer': the attach menu, offering only what the chat's channel can send (spec §5). */
export function AttachMenu({ channel, ...props }: AttachMenuProps) {
  return <AttachMenuBase kinds={attachKindsFor(channel)} buttonTestId="attach-button" {...props} />;
}
