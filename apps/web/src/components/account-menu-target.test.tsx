import { fireEvent, screen } from '@testing-library/react';
import { Menu } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { AccountMenuTarget } from './account-menu-target';

describe('AccountMenuTarget', () => {
  it('opens its menu', async () => {
    renderWithProviders(
      <Menu>
        <AccountMenuTarget name="Sari" testId="menu-button" />
        <Menu.Dropdown>
          <Menu.Item>Keluar</Menu.Item>
        </Menu.Dropdown>
      </Menu>,
    );
    const button = screen.getByTestId('menu-button');
    expect(button.getAttribute('aria-label')).toBe('Menu akun');
    expect(button.textContent).toContain('Sari');
    fireEvent.click(button);
    expect(await screen.findByText('Keluar')).toBeTruthy();
  });
});
