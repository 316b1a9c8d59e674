import { useEffect, type FormEvent } from 'react';
import { SimpleGrid, TextInput } from '@mantine/core';
import { locationInput, type LocationMedia } from '@sapa/contracts';
import { SendFormModal } from '../send-form-modal';
import { useZodForm } from '../../lib/use-zod-form';

const EMPTY = { latitude: '', longitude: '', name: '', address: '' };

export interface LocationModalProps {
  opened: boolean;
  /** a template's location to confirm; empty fields otherwise */
  initial?: Omit<LocationMedia, 'thumbnail'> | null;
  onClose: () => void;
  onSend: (location: Omit<LocationMedia, 'thumbnail'>) => void;
  /** test ids start with this ('sandbox-' in the customer simulator) */
  testIdPrefix?: string;
}

/**
 * spec §2/§5 'Kirim Lokasi': latitude, longitude, name and address, all required ('Latitude tidak
 * valid', 'Longitude tidak valid', 'Nama Lokasi tidak valid', 'Alamat Lokasi tidak valid').
 */
export function LocationModal({
  opened,
  initial = null,
  onClose,
  onSend,
  testIdPrefix = '',
}: LocationModalProps) {
  const form = useZodForm(EMPTY);
  const { setValues } = form;
  useEffect(() => {
    if (!opened) return;
    setValues(
      initial
        ? {
            latitude: String(initial.latitude),
            longitude: String(initial.longitude),
            name: initial.name,
            address: initial.address,
          }
        : EMPTY,
    );
  }, [opened, initial, setValues]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = form.validate(locationInput);
    if (parsed) onSend(parsed);
  };

  return (
    <SendFormModal
      opened={opened}
      onClose={onClose}
      title="Kirim Lokasi"
      onSubmit={submit}
      formTestId={`${testIdPrefix}location-form`}
      submitTestId={`${testIdPrefix}location-submit`}
    >
      <SimpleGrid cols={2} spacing="sm">
        <TextInput
          label="Latitude"
          placeholder="-6.200000"
          inputMode="decimal"
          data-autofocus
          {...form.getInputProps('latitude')}
        />
        <TextInput
          label="Longitude"
          placeholder="106.816666"
          inputMode="decimal"
          {...form.getInputProps('longitude')}
        />
      </SimpleGrid>
      <TextInput label="Nama Lokasi" placeholder="Toko Pusat" {...form.getInputProps('name')} />
      <TextInput
        label="Alamat Lokasi"
        placeholder="Jl. Sudirman No. 1, Jakarta"
        {...form.getInputProps('address')}
      />
    </SendFormModal>
  );
}
