import { IconUser } from '@tabler/icons-react';
import type { ContactMedia } from '@sapa/contracts';
import './bubbles.css';

/** '+62 81234567'; the number alone when the dial code is missing. */
export function contactNumber(contact: Pick<ContactMedia, 'dial' | 'phoneNumber'>): string {
  const dial = contact.dial.replace(/^\+/, '');
  return dial ? `+${dial} ${contact.phoneNumber}` : contact.phoneNumber;
}

/** A contact card message (spec §2 'Chat room'): the name and '+dial number'. */
export function ContactBubble({ contact }: { contact: ContactMedia }) {
  return (
    <div className="sapa-contact" data-testid="bubble-contact">
      <span className="sapa-contact-avatar" aria-hidden>
        <IconUser size={20} stroke={1.7} />
      </span>
      <span className="sapa-contact-text">
        <span className="sapa-contact-name">{contact.name || 'Kontak'}</span>
        <span className="sapa-contact-number" data-testid="contact-number">
          {contactNumber(contact)}
        </span>
      </span>
    </div>
  );
}
