import type { AccountType } from '@sapa/contracts';
import { AttachMenuBase } from '../../components/composer/attach-menu-base';
import { sandboxKindsFor, type SandboxFileKind } from './sandbox-messages';

export { ATTACH_ITEMS } from '../../components/composer/attach-menu-base';

export interface SandboxAttachProps {
  channel: AccountType;
  disabled?: boolean;
  onFile: (kind: SandboxFileKind, file: File) => void;
  onLocation: () => void;
  onContact: () => void;
}

/** The customer's attach menu: what a customer of this channel can send, each file kind a hidden input. */
export function SandboxAttach({ channel, ...props }: SandboxAttachProps) {
  return (
    <AttachMenuBase
      kinds={sandboxKindsFor(channel)}
      buttonTestId="sandbox-attach"
      testIdPrefix="sandbox-"
      title="Lampirkan"
      {...props}
    />
  );
}
