import { useState, type ReactNode } from 'react';
import type { ContactMedia, LocationMedia } from '@sapa/contracts';
import { ContactModal } from './contact-modal';
import { LocationModal } from './location-modal';

type SharedLocation = Omit<LocationMedia, 'thumbnail'>;

/** What the 'Kirim Lokasi' and 'Kirim Kontak' forms hand over. */
export type SharedPlace =
  { type: 'location'; location: SharedLocation } | { type: 'contact'; contact: ContactMedia };

export interface ShareForms {
  /** opens 'Kirim Lokasi' filled in from `initial` (null: empty; left out: as it was last filled in) */
  openLocation: (initial?: SharedLocation | null) => void;
  /** opens 'Kirim Kontak' filled in from `initial` (null: empty; left out: as it was last filled in) */
  openContact: (initial?: ContactMedia | null) => void;
  /** the two modals, to render once */
  forms: ReactNode;
}

/**
 * The composer's 'Kirim Lokasi' and 'Kirim Kontak' modals and their open state: each closes as it
 * sends. `testIdPrefix` goes before the forms' test ids.
 */
export function useShareForms(onSend: (content: SharedPlace) => void, testIdPrefix?: string): ShareForms {
  const [locationOpen, setLocationOpen] = useState(false);
  const [locationInitial, setLocationInitial] = useState<SharedLocation | null>(null);
  const [contactOpen, setContactOpen] = useState(false);
  const [contactInitial, setContactInitial] = useState<ContactMedia | null>(null);

  const forms = (
    <>
      <LocationModal
        opened={locationOpen}
        initial={locationInitial}
        onClose={() => setLocationOpen(false)}
        onSend={(location) => {
          setLocationOpen(false);
          onSend({ type: 'location', location });
        }}
        testIdPrefix={testIdPrefix}
      />
      <ContactModal
        opened={contactOpen}
        initial={contactInitial}
        onClose={() => setContactOpen(false)}
        onSend={(contact) => {
          setContactOpen(false);
          onSend({ type: 'contact', contact });
        }}
        testIdPrefix={testIdPrefix}
      />
    </>
  );

  return {
    openLocation: (initial) => {
      if (initial !== undefined) setLocationInitial(initial);
      setLocationOpen(true);
    },
    openContact: (initial) => {
      if (initial !== undefined) setContactInitial(initial);
      setContactOpen(true);
    },
    forms,
  };
}
