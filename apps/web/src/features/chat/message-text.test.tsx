import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { linkParts, MessageText } from './message-text';

describe('links in message text', () => {
  it('finds http, https and www addresses and leaves the sentence around them', () => {
    expect(linkParts('Cek https://toko.id/produk?id=5, ya!')).toEqual([
      { text: 'Cek ' },
      { text: 'https://toko.id/produk?id=5', href: 'https://toko.id/produk?id=5' },
      { text: ', ya!' },
    ]);
    expect(linkParts('lihat www.contoh.co.id.')).toEqual([
      { text: 'lihat ' },
      { text: 'www.contoh.co.id', href: 'https://www.contoh.co.id/' },
      { text: '.' },
    ]);
    expect(linkParts('(info: https://id.wikipedia.org/wiki/Sapa_(kota))')[1]).toEqual({
      text: 'https://id.wikipedia.org/wiki/Sapa_(kota)',
      href: 'https://id.wikipedia.org/wiki/Sapa_(kota)',
    });
  });

  it('never makes a link of another scheme', () => {
    for (const text of [
      'javascript:alert(1)',
      'klik javascript://www.contoh.com/%0aalert(1)',
      'data:text/html,<script>alert(1)</script>',
      'ftp://contoh.com/file',
      'biasa saja',
    ]) {
      expect(linkParts(text).every((p) => !('href' in p) || /^https?:/.test(p.href))).toBe(true);
    }
    expect(linkParts('javascript:alert(1)')).toEqual([{ text: 'javascript:alert(1)' }]);
  });

  it('renders links that open a new tab without the opener', () => {
    const { container } = render(
      <MantineProvider>
        <p data-testid="text">
          <MessageText text="Pesanan: https://toko.id/a dan http://b.id" />
        </p>
      </MantineProvider>,
    );
    const links = [...container.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://toko.id/a', 'http://b.id/']);
    for (const a of links) {
      expect(a.getAttribute('target')).toBe('_blank');
      expect(a.getAttribute('rel')).toBe('noopener noreferrer');
    }
    expect(container.querySelector('[data-testid="text"]')?.textContent).toBe(
      'Pesanan: https://toko.id/a dan http://b.id',
    );
  });
});
