import { IconTags } from '@tabler/icons-react';
import { ComingSoon } from '../../components/coming-soon';

/** Label: filled in by a later issue; for now a friendly empty state. */
export function LabelSettingPage() {
  return (
    <ComingSoon
      title="Label"
      description="Buat label berwarna untuk mengelompokkan percakapan."
      icon={IconTags}
      withHeader={false}
    />
  );
}
