import { IconExternalLink, IconMapPin } from '@tabler/icons-react';
import type { LocationMedia } from '@sapa/contracts';
import './bubbles.css';

/** Where a location opens: Google Maps' search at its coordinates. */
export function mapsUrl(location: Pick<LocationMedia, 'latitude' | 'longitude'>): string {
  return `https://www.google.com/maps/search/?api=1&query=${location.latitude},${location.longitude}`;
}

/** A location message (spec §2 'Chat room'): a link to the map in a new tab, with name and address. */
export function LocationBubble({ location }: { location: LocationMedia }) {
  const name = location.name || 'Lokasi';
  return (
    <a
      className="sapa-location"
      href={mapsUrl(location)}
      target="_blank"
      rel="noopener"
      data-testid="bubble-location"
    >
      {location.thumbnail ? (
        <img className="sapa-location-thumb" src={location.thumbnail} alt="" aria-hidden />
      ) : (
        <span className="sapa-location-tile" aria-hidden>
          <IconMapPin size={30} stroke={1.6} />
        </span>
      )}
      <span className="sapa-location-text">
        <span className="sapa-location-name">{name}</span>
        {location.address ? <span className="sapa-location-address">{location.address}</span> : null}
        <span className="sapa-location-open">
          Buka di peta <IconExternalLink size={13} stroke={1.8} aria-hidden />
          <span className="sapa-visually-hidden"> (tab baru)</span>
        </span>
      </span>
    </a>
  );
}
