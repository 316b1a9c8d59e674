import { LabelSettings } from './label-settings';

/** Pengaturan > Label (spec §7 'Labels'): create, rename, recolour and delete conversation labels. */
export function LabelSettingPage() {
  return <LabelSettings />;
}
